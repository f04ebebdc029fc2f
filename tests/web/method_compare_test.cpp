// Methods compared side by side (web/logic/method_compare.hpp): the link's grammar (round trip, canonical
// order, refusals naming the part), and the compared runs following the shown one. A compared run with
// the shown run's own methods must be the shown run to the bit through kicks, torques, a rewind and a
// changed past (the same engine, the same inputs at the same steps); one with another step stays at the
// shown moment; a run a model cannot use says why; the work counted is the first pass's only.
#include "logic/method_compare.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <cmath>

using namespace carvallo::web;

namespace {

std::string canonical(const std::string& text) {
  std::string out, error;
  const auto changes = read_method_changes(text, error);
  INFO(error);
  REQUIRE(changes);
  return method_changes_text(*changes);
}

std::string refusal(const std::string& text) {
  std::string error;
  CHECK_FALSE(read_method_changes(text, error));
  return error;
}

void follow_all(MethodComparison& c, const UiState& s, const ModelView& shown) {
  c.follow(s, shown, 50.0);
  for (int i = 0; i < 1000 && !c.synced(shown); ++i) c.follow(s, shown, 50.0);
  REQUIRE(c.synced(shown));
}

}  // namespace

TEST_CASE("compare=: runs of method changes read back in one canonical form", "[web][compare]") {
  CHECK(canonical("none,baumgarte,rgcpa") == "none,baumgarte,rgcpa");
  CHECK(canonical("dt0.01:rk4,tol1e-6:dopri5") == "rk4:dt0.01,dopri5:tol1e-06");
  CHECK(canonical("udwadia-kalaba:baumgarte:alpha20:beta5") == "baumgarte:udwadia-kalaba:alpha20:beta5");
  CHECK(canonical("ctol1e-8:direct") == "direct:ctol1e-08");
  CHECK(canonical("") == "");
  std::string error;
  const auto changes = read_method_changes("kutta-merson-adaptive:tol1e-6:dt0.02", error);
  REQUIRE(changes);
  REQUIRE(changes->size() == 1);
  CHECK(*changes->front().integrator == "kutta-merson-adaptive");
  CHECK(*changes->front().tolerance == 1e-6);
  CHECK(*changes->front().time_step == 0.02);
}

TEST_CASE("compare=: what does not read is refused by name, never cut", "[web][compare]") {
  CHECK(refusal("none,baumgarte,rgcpa,direct").find("at most 3") != std::string::npos);
  CHECK(refusal("rgcpa,,none").find("empty run") != std::string::npos);
  CHECK(refusal("rgcpa:none").find("two stabilizations") != std::string::npos);
  CHECK(refusal("rk4:ab4").find("two integrators") != std::string::npos);
  CHECK(refusal("dt0.5").find("dt takes a number in [1e-05, 0.05]") != std::string::npos);
  CHECK(refusal("dtfast").find("dt takes a number") != std::string::npos);
  CHECK(refusal("tol1e-3:tol1e-4").find("two values of tol") != std::string::npos);
  CHECK(refusal("alpha-1").find("alpha takes a number") != std::string::npos);
  CHECK(refusal("magic").find("'magic' is not a method") != std::string::npos);
  CHECK(refusal("dtnan").find("dt takes a number") != std::string::npos);
  CHECK(refusal(std::string(5000, 'a')).find("at most 400") != std::string::npos);
  std::string canonical_text;
  CHECK(check_method_changes("rgcpa,none", canonical_text) == std::nullopt);
  CHECK(canonical_text == "rgcpa,none");
}

TEST_CASE("a compared run with the shown run's methods is the shown run to the bit, inputs and rewinds included",
          "[web][compare]") {
  UiState s;  // the bicycle at its defaults (augmented, AB4, RGCPA, 5 ms)
  s.settings["speed"] = 4.6;
  s.compare = "rgcpa,none";
  ModelView shown(s);
  MethodComparison c;
  const int steer = shown.run().input_index("steer_torque");
  REQUIRE(steer >= 0);
  for (long k = 0; k < 600; ++k) {
    if (k == 100) REQUIRE(shown.push(0.5));
    if (k == 250) shown.hold_input(steer, 1.0);
    if (k == 300) shown.hold_input(steer, 0.0);
    shown.step(1);
    if (k % 7 == 0) c.follow(s, shown, 50.0);  // as frames do: several steps between calls
  }
  follow_all(c, s, shown);
  REQUIRE(c.runs().size() == 2);
  const ModelView& same = *c.runs()[0].view;
  CHECK(c.runs()[0].label == "rgcpa");
  CHECK(c.runs()[0].methods == "augmented, ab4 5 ms, rgcpa");
  CHECK(c.runs()[1].methods == "augmented, ab4 5 ms, none");
  CHECK(same.run().state().q == shown.run().state().q);
  CHECK(same.run().state().qd == shown.run().state().qd);
  CHECK(same.log() == shown.log());
  // The unstabilized run kept the same inputs and drifted from the constraints where RGCPA did not.
  const ModelView& loose = *c.runs()[1].view;
  CHECK(loose.log().size() == 3);
  CHECK(loose.time() == shown.time());
  CHECK(loose.work().max_C > shown.work().max_C);

  // Rewound to 1 s and kicked the other way: the past changed, the compared runs follow it.
  shown.seek_step(200);
  follow_all(c, s, shown);
  CHECK(same.run().state().q == shown.run().state().q);
  REQUIRE(shown.push(-0.8));
  shown.step(300);
  follow_all(c, s, shown);
  CHECK(c.runs()[0].view->log() == shown.log());
  CHECK(c.runs()[0].view->run().state().q == shown.run().state().q);
  CHECK(c.runs()[0].view->run().state().qd == shown.run().state().qd);
  CHECK(c.runs()[1].view->log().size() == 2);  // the kick at 0.5 s and the new one; the torques are gone
}

TEST_CASE("a compared run with another step stays at the shown moment, and counts its own work", "[web][compare]") {
  UiState s;
  s.model = "four-bar";
  s.settings = start_settings("four-bar");
  s.sim.stabilization = "none";
  s.compare = "dt0.001:rgcpa,kutta-merson-adaptive:tol1e-6";
  ModelView shown(s);
  MethodComparison c;
  shown.step(400);  // 2 s at 5 ms
  follow_all(c, s, shown);
  REQUIRE(c.runs().size() == 2);
  const ModelView& fine = *c.runs()[0].view;
  CHECK(fine.step_index() == 2000);
  CHECK(fine.time() == Approx(shown.time()).epsilon(1e-12));
  CHECK(fine.work().steps == 2000);
  CHECK(fine.work().simulated_seconds == Approx(2.0));
  CHECK(fine.work().corrections > 0);
  CHECK(shown.work().corrections == 0);  // no stabilization
  CHECK(shown.work().evaluations >= shown.work().steps);
  // The adaptive run takes its own, longer steps: it ends the one that spans the shown moment.
  const ModelView& adaptive = *c.runs()[1].view;
  CHECK(adaptive.time() >= shown.time() - 1e-12);
  CHECK(adaptive.time() < shown.time() + kLongestAdaptiveStep);
  CHECK(adaptive.work().steps < 400);
  // Rewinding and playing again re-integrates without counting again.
  const long steps = fine.work().steps;
  shown.seek_step(100);
  follow_all(c, s, shown);
  // Rewound, the table counts to the moment shown, as the plot beside it shows the run: the shown run's
  // 100 steps and the fine one's 500, the largest |C| the plot has to 0.5 s, not the whole run's (a lecturer
  // read 2.8e-05 beside a plot that never passed 1.2e-05).
  {
    const auto rows = comparison_rows(s, shown, c);
    REQUIRE(rows.size() == 3);
    CHECK(rows[0].steps == 100);
    CHECK(rows[1].steps == 500);
    double plotted = 0;
    for (const auto& sample : shown.history()) plotted = std::max(plotted, sample.C);
    CHECK(rows[0].max_position_violation == plotted);
    CHECK(rows[0].max_position_violation < shown.work().max_C);
  }
  shown.step(300);
  follow_all(c, s, shown);
  CHECK(c.runs()[0].view->work().steps == steps);
}

TEST_CASE("a method a model cannot use is a compared run that says why", "[web][compare]") {
  UiState s;
  s.model = "epicyclic-gear";
  s.settings = start_settings("epicyclic-gear");
  s.compare = "udwadia-kalaba,none";
  ModelView shown(s);
  MethodComparison c;
  shown.step(20);
  follow_all(c, s, shown);
  REQUIRE(c.runs().size() == 2);
  CHECK_FALSE(c.runs()[0].view);  // not run, as the methods menu does not offer it
  INFO(c.runs()[0].error);
  CHECK(c.runs()[0].error.find("dwadia") != std::string::npos);
  CHECK(c.runs()[1].view);
  CHECK(c.runs()[1].error.empty());
}

TEST_CASE("every model's studies read, name its own variants and run with every compared method", "[web][compare]") {
  // The papers' presets live in the models' files (examples::ModelEntry::studies) in the link's grammar; a
  // typo there would only show as a refused preset in the page.
  for (const auto& entry : carvallo::examples::models()) {
    for (const auto& study : studies_for(entry.name)) {
      INFO(entry.name << ": " << study.title);
      UiState s;
      REQUIRE(select_model(s, entry.name).empty());
      const auto why = apply_study(s, study);
      REQUIRE_FALSE(why);
      if (!study.variant.empty())
        CHECK(std::find(entry.variants.begin(), entry.variants.end(), study.variant) != entry.variants.end());
      REQUIRE(study_shown(s));
      CHECK(study_shown(s)->title == study.title);
      ModelView shown(s);
      MethodComparison c;
      shown.step(static_cast<int>(0.05 / shown.time_step()));
      follow_all(c, s, shown);
      for (const auto& run : c.runs()) {
        INFO(run.label);
        // A run the model cannot use says so (the gear train's Udwadia-Kalaba); none fails while running.
        if (run.view) CHECK(run.error.empty());
        else CHECK_FALSE(run.error.empty());
      }
    }
  }
}

TEST_CASE("the integrators' study runs unstabilized: the drift it plots is each integrator's own", "[web][compare]") {
  // Under the page's default stabilization (RGCPA) every run's |C| sat at round-off and the plot compared
  // nothing. Unstabilized, the four-bar's 2 s at the paper's 1 ms leave every run well above round-off,
  // and at the same step RK4, whose local error constant is the smaller, drifts less than AB4 (2 s:
  // 8.4e-13 m against 6.0e-11 m; the adaptive DOPRI5 and Kutta-Merson hold near their tolerance, 1e-10).
  UiState s;
  REQUIRE(select_model(s, "four-bar").empty());
  REQUIRE(s.sim.stabilization != "none");
  const auto studies = studies_for("four-bar");
  const auto study = std::find_if(studies.begin(), studies.end(), [](const auto& st) { return st.compare == "rk4,dopri5,kutta-merson-adaptive"; });
  REQUIRE(study != studies.end());
  REQUIRE_FALSE(apply_study(s, *study));
  CHECK(s.sim.stabilization == "none");
  CHECK(s.sim.integrator == "ab4");
  ModelView shown(s);
  MethodComparison c;
  shown.step(static_cast<int>(std::lround(2.0 / shown.time_step())));
  follow_all(c, s, shown);
  const auto rows = comparison_rows(s, shown, c);
  REQUIRE(rows.size() == 4);
  for (const auto& row : rows) {
    INFO(row.label << ": " << row.methods);
    CHECK(row.corrections == 0);  // none corrects
    CHECK(row.max_position_violation > 1e-13);
  }
  CHECK(rows[1].label == "rk4");
  CHECK(2 * rows[1].max_position_violation < rows[0].max_position_violation);
}

TEST_CASE("an adaptive integrator in a compared run chooses its steps by its tolerance", "[web][compare]") {
  // The four-bar for 2 s at a 20 ms time step: at 1e-4 the error estimate allows steps of several time
  // steps, at 1e-12 it asks for several internal steps in each; both end where the shown moment is.
  UiState s;
  s.model = "four-bar";
  s.settings = start_settings("four-bar");
  s.sim.time_step = 0.02;
  s.compare = "kutta-merson-adaptive:tol0.0001,kutta-merson-adaptive:tol1e-12";
  ModelView shown(s);
  MethodComparison c;
  shown.step(100);
  follow_all(c, s, shown);
  REQUIRE(c.runs().size() == 2);
  const auto& loose = c.runs()[0].view->work();
  const auto& tight = c.runs()[1].view->work();
  CHECK(loose.steps < 75);
  CHECK(tight.steps > 300);
  CHECK(c.runs()[0].view->time() >= 2.0 - 1e-12);
  CHECK(c.runs()[0].view->time() < 2.0 + kLongestAdaptiveStep);
  CHECK(c.runs()[1].view->time() == Approx(2.0).epsilon(1e-12));
}

TEST_CASE("another model leaves the comparison of methods set up for the last one", "[web][compare]") {
  UiState s;
  REQUIRE(select_model(s, "four-bar").empty());
  s.compare = "baumgarte,direct,rgcpa";
  REQUIRE(select_model(s, "bicycle").empty());
  CHECK(s.compare.empty());
}

TEST_CASE("the shown run is named on screen by its own methods in what the runs beside it change", "[web][compare]") {
  UiState s;
  REQUIRE(select_model(s, "four-bar").empty());
  CHECK(shown_run_title(s) == "shown");  // nothing beside it
  s.sim.stabilization = "none";
  s.compare = "baumgarte,direct,rgcpa";
  CHECK(shown_run_title(s) == "shown: none");
  s.sim.integrator = "ab4";
  s.compare = "rk4,dopri5";
  CHECK(shown_run_title(s) == "shown: ab4");
  s.sim.time_step = 0.005;
  s.compare = "rk4:dt0.01";
  CHECK(shown_run_title(s) == "shown: ab4:dt0.005");
}

TEST_CASE("a compared run's largest violation counts the state shown, before any step too", "[web][compare]") {
  // At t = 0 the table had said "|C| max 0.0e+00" beside "|C| now 4.4e-16" (a lecturer).
  UiState s;
  s.model = "slider-crank";
  s.settings = start_settings("slider-crank");
  s.compare = "none,baumgarte";
  ModelView shown(s);
  MethodComparison c;
  follow_all(c, s, shown);
  const auto rows = comparison_rows(s, shown, c);
  REQUIRE(rows.size() == 3);
  bool some_nonzero = false;
  for (const auto& r : rows) {
    INFO(r.label << ": now " << r.position_violation << ", max " << r.max_position_violation);
    CHECK(r.max_position_violation >= r.position_violation);
    CHECK(r.max_velocity_violation >= r.velocity_violation);
    some_nonzero = some_nonzero || r.position_violation > 0;
  }
  CHECK(some_nonzero);  // round-off at the start: the check above is not of zeros alone
}
