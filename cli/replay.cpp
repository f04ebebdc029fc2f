#include "cli/replay.hpp"

#include "cli/cli.hpp"
#include "cli/options.hpp"

#include "logic/input_log.hpp"
#include "logic/model_view.hpp"
#include "logic/state_link.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <ostream>

namespace carvallo::cli {

namespace {

std::string replay_usage() {
  return "usage: carvallo simulate --replay '<link or hash>' [--t <s>] [--csv <file>] [--csv-every <n>] [--json]\n"
         "\n"
         "Replays the playground's run of a share link: its model, settings and methods, the rider's inputs\n"
         "(the link field inputs=: kicks, torques held and let go, pushes, each at its step) up to the moment\n"
         "the link shows (t=), with the playground's own code: the same steps to the bit on the same build.\n"
         "\n"
         "  --replay <link>   a link of the playground (https://...#v=...) or its hash (v=...&model=...)\n"
         "  --t <s>           run to this time instead of the link's t=, rounded up to the page's whole steps\n"
         "                    (default: the step nearest t=, else the model's duration)\n"
         "  --csv, --csv-every, --json   as for simulate; --json adds the final \"q\" and \"qd\"\n";
}

}  // namespace

int run_replay(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> errors;
  const auto o = parse_options(args, {"--replay", "--t", "--csv", "--csv-every"}, {"--json"}, errors);
  if (o.help) {
    out << replay_usage();
    return 0;
  }
  if (!errors.empty()) {
    errors.push_back("with --replay the link gives the model, its settings and methods: only --t, --csv, --csv-every and --json go with it");
    return fail(err, "simulate", errors);
  }
  std::string link = value_of(o, "--replay").value_or("");
  if (link == "--help" || link == "-h") {  // `simulate --replay --help`, as simulate's usage offers
    out << replay_usage();
    return 0;
  }
  if (const auto hash = link.find('#'); hash != std::string::npos) link = link.substr(hash + 1);
  if (link.find_first_not_of(" \t") == std::string::npos) return fail(err, "simulate", {"--replay: an empty link"});
  const web::LinkReadResult read = web::read_link(link);
  if (read.unread) return fail(err, "simulate", {"--replay: " + read.ignored.front()});
  // A field the link cannot give is refused, not left out: the playground shows the rest and says so, but
  // a replay is for the numbers, and one that ran the default model or length in its place had exited 0
  // (a tester: model=nosuch ran the bicycle).
  if (!read.ignored.empty()) {
    std::vector<std::string> why;
    for (const auto& line : read.ignored) why.push_back("--replay: " + line);
    return fail(err, "simulate", why);
  }
  const web::UiState& state = read.state;
  long csv_every = 1;
  if (auto text = value_of(o, "--csv-every")) {
    const auto n = parse_count(*text);
    if (!n || *n < 1) return fail(err, "simulate", {"--csv-every '" + *text + "': must be a positive integer"});
    csv_every = *n;
  }
  std::optional<double> t_end;
  if (auto text = value_of(o, "--t")) {
    t_end = parse_double(*text);
    if (!t_end || !(*t_end > 0.0 && *t_end <= 1e6)) return fail(err, "simulate", {"--t '" + *text + "': must be > 0 and at most 1e6 s"});
  }
  std::unique_ptr<web::ModelView> view;
  try {
    view = std::make_unique<web::ModelView>(state);
    std::string error;
    const auto log = web::read_input_log(state.input_log, error);  // read_link checked it
    if (const std::string why = view->set_log(log.value_or(std::vector<web::InputEvent>{})); !why.empty())
      return fail(err, "simulate", {"--replay: inputs=: " + why});
  } catch (const std::exception& e) {
    err << "carvallo simulate: error: " << e.what() << "\n";
    return 2;
  }
  const double h = view->time_step();
  // The page steps on its grid only: a --t between two of its steps runs to the next one. The link's t is a
  // moment the page showed, written to the microsecond (panels/timeline.cpp): the step nearest it, as the
  // page's replay finds it.
  const double duration =
      t_end ? std::ceil(*t_end / h - 1e-9) * h
            : state.time_shown > 0 ? std::max(1.0, std::round(state.time_shown / h)) * h : std::ceil(view->run().instance().defaults.duration / h - 1e-9) * h;
  return simulate_loop(
      view->run(),
      [&](double) -> const StepReport& {
        view->step(1);
        // The moment a link names was shown with the inputs of its step applied (panels/timeline.cpp).
        if (view->time() >= duration - 0.5 * h) view->apply_pending();
        return view->run().last_report();
      },
      h, duration, value_of(o, "--csv"), csv_every, o.flags.count("--json") > 0, true, out, err,
      [&] { return view->initial_energy(); });
}

}  // namespace carvallo::cli
