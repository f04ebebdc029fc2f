// The page's languages (web/logic/language.hpp): the string table is complete for every string the
// sources pass to tr/trf and for the built-in lessons, each translation keeps its English's printf
// conversions, and the pseudo-locale is 40 % longer with the same conversions.
#include "../test_paths.hpp"
#include "logic/language.hpp"
#include "logic/lesson.hpp"
#include "logic/model_view.hpp"
#include "logic/state_link.hpp"

#include "bicycle/canonical.hpp"
#include "bicycle/designer_geometry.hpp"
#include "bicycle/parameters.hpp"
#include "bicycle/parameters_json.hpp"
#include "bicycle/presets.hpp"
#include "bicycle/simulation.hpp"
#include "registry.hpp"

#include "carvallo/errors.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <tuple>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

using namespace carvallo::web;

namespace {

// A C++ string literal's text from s[i] == '"' (escapes \" \\ \n kept as the compiler reads them); i ends
// past the closing quote.
std::string literal_at(const std::string& s, std::size_t& i) {
  std::string out;
  for (++i; i < s.size() && s[i] != '"'; ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      ++i;
      out += s[i] == 'n' ? '\n' : s[i] == 't' ? '\t' : s[i];
    } else {
      out += s[i];
    }
  }
  ++i;
  return out;
}

// Every literal given to tr(, trf(, translatable( or message_text( in web/ (adjacent literals joined, as the compiler joins them).
std::set<std::string> wrapped_literals(const std::vector<std::string>& calls = {"tr(\"", "trf(\"", "translatable(\"", "message_text(\""}) {
  std::set<std::string> out;
  for (const auto& e : std::filesystem::recursive_directory_iterator(std::string(carvallo::test::source_dir()) + "/web")) {
    const auto ext = e.path().extension();
    if (ext != ".cpp" && ext != ".hpp") continue;
    std::ifstream in(e.path());
    std::stringstream text;
    text << in.rdbuf();
    const std::string s = text.str();
    for (const std::string& call : calls) {
      for (std::size_t p = s.find(call); p != std::string::npos; p = s.find(call, p + 1)) {
        if (p > 0 && (std::isalnum(static_cast<unsigned char>(s[p - 1])) || s[p - 1] == '_')) continue;
        std::size_t i = p + call.size() - 1;
        std::string joined = literal_at(s, i);
        for (;;) {  // "a" "b" over lines
          std::size_t j = i;
          while (j < s.size() && std::isspace(static_cast<unsigned char>(s[j]))) ++j;
          if (j >= s.size() || s[j] != '"') break;
          i = j;
          joined += literal_at(s, i);
        }
        out.insert(joined.substr(0, joined.find("##")));
      }
    }
  }
  return out;
}

// What lecture.js refuses a lesson link with (refuse('...') or refuse(`... ${x} ...`)): the page shows it
// after "The lesson could not be opened: ", so its ${...} are the table entry's %s.
std::set<std::string> lecture_refusals() {
  std::ifstream in(std::string(carvallo::test::source_dir()) + "/web/platform/lecture.js");
  std::stringstream text;
  text << in.rdbuf();
  const std::string s = text.str();
  std::set<std::string> out;
  for (std::size_t p = s.find("refuse("); p != std::string::npos; p = s.find("refuse(", p + 1)) {
    const char quote = s[p + 7];
    if (quote != '\'' && quote != '`') continue;
    std::string english;
    for (std::size_t i = p + 8; i < s.size() && s[i] != quote; ++i) {
      if (quote == '`' && s.compare(i, 2, "${") == 0) {
        english += "%s";
        i = s.find('}', i);
        continue;
      }
      english += s[i];
    }
    out.insert(english);
  }
  return out;
}

// What the models say that the page shows: their names, descriptions, settings, probes (the plots'
// legends), bodies and joints (the view's labels), pushes and inputs, analyses and the papers' method
// comparisons; the bicycle's parameters; and why a run ends (each reason, as the page words the event).
std::vector<std::string> model_strings() {
  std::vector<std::string> out;
  auto add = [&](const std::string& s) {
    if (!s.empty()) out.push_back(s);
  };
  auto words = [](std::string name) {
    std::replace(name.begin(), name.end(), '_', ' ');
    return name;
  };
  for (const auto& m : carvallo::examples::models()) {
    add(m.title);
    add(m.description);
    for (const auto& q : m.parameters) add(q.description);  // its name is a symbol (w, c, IBxx)
    for (const auto& q : m.settings) {
      add(words(q.name));
      add(q.description);
    }
    if (m.steady_motion) {
      add(m.steady_motion->description);
      add(m.steady_motion->nonlinear_note);
    }
    for (const auto& study : m.studies) {
      add(study.title);
      add(study.published);
    }
    for (const auto& variant : m.variants.empty() ? std::vector<std::string>{""} : m.variants) {
      const auto inst = m.make(variant);
      for (const auto& p : inst.probes) add(words(p.name));
      for (const auto& b : inst.body_names) add(b);
      if (!inst.energy_not_conserved.empty()) add(inst.energy_not_conserved);
      if (!inst.inputs.empty()) add(carvallo::examples::ModelRun::kInputsDoWork);
      for (const auto& j : inst.joints) add(j.name);
      if (inst.push) {
        add(inst.push->label);
        add(inst.push->description);
      }
      for (const auto& in : inst.inputs) {
        add(words(in.name));
        add(in.description);
      }
    }
  }
  for (const auto& d : carvallo::bicycle::kParameterTable) add(std::string(d.description));
  // Every reason a bicycle's run ends, as the page words the event ("At t = 0.93 s <reason>.").
  namespace mi = carvallo::bicycle::multibody_index;
  const carvallo::bicycle::MultibodyBicycle bike{};
  for (const auto& [roll, steer, rear_z] : {std::tuple{1.2, 0.0, -1.0}, {-1.2, 0.0, -1.0}, {0.0, 1.7, -1.0}, {0.0, -1.7, -1.0},
                                           {0.0, 0.0, 0.0}, {0.0, 0.0, -1.0}}) {
    carvallo::bicycle::Observables obs{};
    obs.roll = roll;
    obs.steer = steer;
    Eigen::VectorXd q = Eigen::VectorXd::Zero(mi::count);
    q[mi::rear_frame + mi::z] = rear_z;  // the front frame's z stays 0: on the ground
    const auto why = carvallo::bicycle::fall_reason(bike, q, obs);
    REQUIRE(why);
    add("At t = 0.93 s " + *why + ".");
  }
  return out;
}

}  // namespace

TEST_CASE("the string table reads, and has Dutch and Spanish for every string the page passes to tr and every lesson", "[web][language]") {
  for (const auto& p : table_problems()) UNSCOPED_INFO(p);
  CHECK(table_problems().empty());
  const auto wrapped = wrapped_literals();
  REQUIRE(wrapped.size() > 100);
  std::set<std::string> shown = wrapped;
  for (const auto& lesson : builtin_lessons()) {
    shown.insert(lesson.title);
    for (const auto& scene : lesson.scenes) shown.insert(scene.caption);
  }
  for (const auto& text : model_strings()) shown.insert(message_format(text));
  for (const auto& preset : carvallo::bicycle::presets()) shown.insert(std::string(preset.name));  // preset_title
  const auto refusals = lecture_refusals();
  REQUIRE(refusals.size() >= 5);
  shown.insert(refusals.begin(), refusals.end());
  // What a translator fills in: the strings without a translation, as the table's entries
  // (build folder's strings-missing.json; copy them into a file of web/strings/).
  nlohmann::ordered_json missing = nlohmann::ordered_json::object();
  for (const auto& english : shown)
    for (const char* code : {"nl", "es"})
      if (translation(english, code).empty()) missing[english][code] = translation(english, code);
  std::ofstream(std::string(carvallo::test::binary_dir()) + "/strings-missing.json") << missing.dump(2) << "\n";
  for (const auto& [english, entry] : missing.items()) UNSCOPED_INFO("no translation: \"" << english << "\"");
  CHECK(missing.empty());
}

TEST_CASE("every translation has its English's printf conversions, in order", "[web][language]") {
  for (const auto& english : table_entries())
    for (const char* code : {"nl", "es"}) {
      const std::string t = translation(english, code);
      if (t.empty()) continue;
      INFO(code << ": \"" << english << "\" -> \"" << t << "\"");
      CHECK(printf_conversions(t) == printf_conversions(english));
      CHECK(t.find("##") == std::string::npos);
    }
}

TEST_CASE("a translation writes the English's decimal numbers as they are, with a point", "[web][language]") {
  // One form for every number the page shows (the fields read a point), so a number read in a caption
  // can be typed into a field as it is.
  const std::regex decimal(R"([0-9]+\.[0-9]+)");
  const std::regex comma_decimal(R"([0-9],[0-9])");
  for (const auto& english : table_entries())
    for (const char* code : {"nl", "es"}) {
      const std::string t = translation(english, code);
      if (t.empty()) continue;
      INFO(code << ": \"" << english << "\" -> \"" << t << "\"");
      CHECK(!std::regex_search(t, comma_decimal));
      for (auto it = std::sregex_iterator(english.begin(), english.end(), decimal); it != std::sregex_iterator(); ++it)
        CHECK(t.find(it->str()) != std::string::npos);
    }
}

TEST_CASE("the designer's refusals are said in Dutch and Spanish", "[web][language]") {
  namespace b = carvallo::bicycle;
  const auto bike = b::load_preset("benchmark")->values;
  const std::vector<std::string> problems = {
      b::set_head_angle(bike, 200).problems.at(0),         b::set_head_angle(bike, std::nan("")).problems.at(0),
      b::set_fork_offset(bike, std::nan("")).problems.at(0), b::set_front_wheel_diameter(bike, -1).problems.at(0),
      b::set_rear_wheel_diameter(bike, 0).problems.at(0),  b::set_wheelbase(bike, -2, true).problems.at(0),
  };
  for (const char* code : {"nl", "es"}) {
    set_language(code);
    for (const auto& english : problems) {
      INFO(code << ": " << english << " -> " << tr(english));
      CHECK(fully_translated(english));
    }
  }
  set_language("en");
}

TEST_CASE("tr and trf speak the chosen language; ImGui's ##id is kept", "[web][language]") {
  const auto entries = table_entries();
  REQUIRE(!entries.empty());
  const std::string english = entries.front();
  const std::string dutch = translation(english, "nl");
  REQUIRE(set_language("nl") == true);
  CHECK(language() == "nl");
  CHECK(std::string(tr(english.c_str())) == dutch);
  CHECK(std::string(tr((english + "##x").c_str())) == dutch + "##x");
  CHECK(std::string(tr("not in the table at all")) == "not in the table at all");
  CHECK(set_language("nl") == false);
  set_language("klingon");  // unknown: English
  CHECK(language() == "en");
  CHECK(std::string(tr(english.c_str())) == english);
  CHECK(trf("%d of %s", 3, "ten") == "3 of ten");
  set_language("en");
}

TEST_CASE("the pseudo-locale is 40 % longer, accented, with the same conversions and ##id", "[web][language]") {
  const std::string english = "Speed %.1f m/s at %s";
  const std::string pseudo = pseudo_long(english);
  CHECK(printf_conversions(pseudo) == printf_conversions(english));
  CHECK(pseudo.front() == '[');
  CHECK(pseudo.back() == ']');
  CHECK(pseudo.find("Spééd") != std::string::npos);
  // Length in characters (UTF-8 sequences count once).
  std::size_t chars = 0;
  for (unsigned char c : pseudo) chars += (c & 0xC0) != 0x80;
  CHECK(chars >= english.size() * 14 / 10);
  set_language("x-long");
  CHECK(std::string(tr("Play##sim")) == pseudo_long("Play") + "##sim");
  CHECK(trf("%d steps", 12) == "[12 stéps ~]");
  set_language("en");
  CHECK(pseudo_long("") == "");
}

TEST_CASE("the browser's languages choose the page's", "[web][language]") {
  CHECK(language_for({"nl-BE", "en"}) == "nl");
  CHECK(language_for({"fr-FR", "ES"}) == "es");
  CHECK(language_for({"de"}) == "en");
  CHECK(language_for({}) == "en");
  CHECK(html_lang("x-long") == "en-x-long");
  CHECK(html_lang("nl") == "nl");
  CHECK(printf_conversions("%.2f%% of %zu, %-5s") == std::vector<std::string>{"%.2f", "%zu", "%-5s"});
}

TEST_CASE("a message made with numbers finds its entry by its format; a message of sentences, each sentence's", "[web][language]") {
  CHECK(message_format("At t = 0.93 s the bicycle leaned past -57 degrees (1e-3 of 2.5e+2), 40 %") ==
        "At t = %s s the bicycle leaned past %s degrees (%s of %s), %s %%");
  // Numbers inside words are words: RK4, v_w, GBS8, 3D.
  CHECK(message_format("RK4 and GBS8 in 3D at v_w") == "RK4 and GBS8 in 3D at v_w");
  const std::string fall = "At t = %s s the handlebars turned past %s degrees (%s degrees to the left).";
  const std::string dutch = translation(fall, "nl");
  REQUIRE(!dutch.empty());
  set_language("nl");
  const std::string shown = tr(std::string("At t = 1.25 s the handlebars turned past 90 degrees (93 degrees to the left)."));
  CHECK(shown.find("1.25") != std::string::npos);
  CHECK(shown.find("93") < shown.size());
  CHECK(shown.find("handlebars") == std::string::npos);
  // Two sentences, each with its own entry.
  const std::string two = tr(std::string("At t = 1.25 s the handlebars turned past 90 degrees (93 degrees to the left). Press R (Reset) to start again."));
  CHECK(two.rfind(shown, 0) == 0);
  CHECK(two.size() > shown.size() + 10);
  CHECK(two.find("Press R") == std::string::npos);
  set_language("en");
}

// What a student sees when a link or setState is refused: each line names what was typed and why, and the
// why must be in the page's language though the line quotes the typed text (tr finds the entry by its
// %s pattern). The links and objects are the hostile ones of every kind read_link and apply_json refuse;
// the lines are wrapped as the page shows them (web/panels/app_shell.cpp, web/platform/js_api.cpp).
TEST_CASE("a run its solver lost is said in Dutch and Spanish, the solver's own words as they are", "[web][language]") {
  const std::string english =
      "At t = 0.045 s the simulation stopped: its solver lost the motion in the next time step (0.005 s). A smaller "
      "time step or tolerance (Methods) may follow it further. The solver: 'no convergence at t = 0.05 s [steer y]: position "
      "analysis did not reach ||C|| <= 1.54e-06 in 25 Newton iterations'. Press R (Reset) to start again.";
  for (const char* code : {"nl", "es"}) {
    set_language(code);
    const std::string shown = tr(english);
    INFO(code << ": " << shown);
    CHECK(shown.find("simulation stopped") == std::string::npos);
    CHECK(shown.find("smaller") == std::string::npos);
    CHECK(shown.find("The solver") == std::string::npos);
    CHECK(shown.find("Press R") == std::string::npos);
    CHECK(shown.find("0.045") != std::string::npos);
    CHECK(shown.find("(0.005 s)") != std::string::npos);
    CHECK(shown.find("'no convergence at t = 0.05 s [steer y]: position analysis did not reach ||C|| <= 1.54e-06 in 25 Newton iterations'.") !=
          std::string::npos);
  }
  set_language("en");
}

TEST_CASE("a refused link's and setState's messages are shown in Dutch and Spanish, what was typed quoted as it is", "[web][language]") {
  std::vector<std::string> lines = {"The link could not be used; nothing was changed:", "Parts of the link could not be used as given:",
                                    "  these keep their previous values: speed, lean", "  these took their defaults: w"};
  for (const char* link : {"speed=abc", "speed=1e308", "speed=-5", "nonsense=1", "a=1&b=2&c=3&d=4&e=5&f=6&g=7", "model=nope",
                           "preset=nope", "variant=x", "v=0.0.1&speed=3", "lang=tlh", "steer_torque=pulse:1@0:nan",
                           "steer_torque=pulse:", "steer_torque=step:1e308@1", "steer_torque=wobble:1", "inputs=zzz",
                           "inputs=p1:2,p0:1", "vmin=5&vmax=5", "w=abc", "w=-3", "c=5", "trail=0.5&w=0.1", "abc", "%zz=1",
                           "speed=1&speed=2", "contrast=loud", "present=2", "integ=euler3", "solver=qr9", "stab=x", "dt=0",
                           "kick=-1", "follow=2", "tscale=x", "t=abc", "text=9", "compare=rk4", "design=x", "ghost=1,2",
                           "yaw=nan", "map=x", "plot=nope", "model=rolling-disk&lean=9", "model=rolling-disk&variant=x",
                           "roll_rate=abc", "roll=5", "mode=wobble", "panel=nope", "locus=x", "imag=1:0", "speed=500",
                           "from_turn=xyz", "from_turn=lean=abc", "from_turn=lean=0.1,family=x", "inputs=p1", "inputs=i9@1:2",
                           "steer_torque=step:1e12@1", "steer_torque=sine:1", "steer_torque=sine:1:1e9", "steer_torque=pulse:1@0:-1",
                           "steer_torque=500", "yangles=1:0", "yangles=x", "ghost=1,2,3"}) {
    for (const auto& m : read_link(link).ignored) lines.push_back("  " + m);
  }
  for (const char* partial : {R"(3)", R"({"speed": "abc"})", R"({"speed": "fast"})", R"({"nonsense": 1})", R"({"model": "nope"})",
                              R"({"preset": "nope"})", R"({"variant": "x"})", R"({"bike": {"w": "x"}})", R"({"bike": {"nope": 1}})",
                              R"({"bike": {"c": -5}})", R"({"bike": 3})", R"({"link": "x"})", R"({"version": "9"})",
                              R"({"lang": "tlh"})", R"({"present": "yes"})", R"({"vmin": 5, "vmax": 5})", R"({"speed": 1e300})",
                              R"({"steer_torque": "pulse:1@0:nan"})", R"({"steer_torque": 3})", R"({"inputs": "zzz"})",
                              R"({"ghost": 3})", R"({"ghost": {"w": "x", "nope": 1}})", R"({"integ": 4})", R"({"t": "x"})"}) {
    UiState s;
    for (const auto& m : apply_json(s, nlohmann::json::parse(partial))) lines.push_back("setState ignored " + m);
  }
  // A bicycle file loaded (carvallo.loadBikeJson, the Load button): each line as js_api.cpp words it.
  for (const char* text : {R"([1, 2])", R"({"w": "x", "zz": 1, "c": null})", R"({"w": 1.02})"})
    for (const auto& issue : carvallo::bicycle::parameters_from_json_text(text).issues)
      lines.push_back("  " + (issue.parameters.empty() ? issue.message : carvallo::bicycle::to_string(issue)));
  // A lesson file or link that does not open, as js_api_lecture.cpp words it.
  for (const char* text : {R"([])", R"({"title": 3})", R"({"title": "x"})", R"({"title": "x", "scenes": []})",
                           R"({"title": "x", "scenes": [{"caption": "c"}]})", R"({"title": "x", "scenes": [{"link": "speed=1", "caption": 3}]})",
                           "{\"title\": \"a\\u0001b\", \"scenes\": [{\"link\": \"speed=1\"}]}"})
    if (const auto read = lesson_from_json(text); !read.lesson) lines.push_back(message_text("The lesson could not be opened: %s", read.problem.c_str()));
  for (const auto& m : split_lesson_fields("lesson=why-bicycles-stay-up&scene=abc").problems) lines.push_back(m);
  // Why a run stopped (logic/model_view.hpp): its solver lost the motion, or it had drifted off its
  // constraints; the solver's own words are quoted, English in every language.
  for (const double violation : {0.0, 12.5}) {
    try {
      throw carvallo::SolverError(carvallo::SolverError::Kind::InconsistentInput, "redundant rows disagree", 1.0);
    } catch (...) {
      if (violation > 0) lines.push_back(stopped_run_text(1.25, 0.05, violation));
      if (violation > 0) lines.push_back(stopped_run_text(1.25, 0.05, violation, "baumgarte"));
    }
    try {
      throw carvallo::SolverError(carvallo::SolverError::Kind::NonConvergence, "no convergence", 1.0);
    } catch (...) {
      lines.push_back(stopped_run_text(1.25, 0.05, violation));
    }
  }
  // Why a bicycle is refused (every condition of bicycle::validate and of the canonical model), as a
  // refused link or setState names it: each parameter made negative, zero, absurd and not finite.
  for (const auto& d : carvallo::bicycle::kParameterTable)
    for (const double v : {-1.0, 0.0, 1e9, std::nan("")}) {
      auto bike = carvallo::bicycle::benchmark_parameters();
      bike.*(d.member) = v;
      auto issues = carvallo::bicycle::validate(bike);
      if (issues.empty()) issues = carvallo::bicycle::make_canonical_model(bike).issues;
      for (const auto& issue : issues) lines.push_back("  bike: not applied, the bicycle would not be physical: " + carvallo::bicycle::to_string(issue));
    }
  REQUIRE(lines.size() > 100);
  std::set<std::string> untranslated;
  for (const char* code : {"nl", "es"}) {
    set_language(code);
    for (const auto& line : lines)
      if (!fully_translated(line)) untranslated.insert(std::string(code) + ": " + line + "  ->  " + tr(line));
  }
  set_language("en");
  for (const auto& u : untranslated) UNSCOPED_INFO(u);
  CHECK(untranslated.empty());
}

TEST_CASE("a message made from a pattern: what was typed stays, the rest is the table's", "[web][language]") {
  const std::string english = "%s: unknown field";
  REQUIRE(!translation(english, "nl").empty());
  set_language("nl");
  // A typed key with spaces and colons in it is kept as typed; the table's words around it are Dutch.
  const std::string dutch = tr(std::string("setState ignored bogus: unknown field"));
  CHECK(dutch.find("bogus") != std::string::npos);
  CHECK(dutch.find("unknown field") == std::string::npos);
  CHECK(dutch.find("setState ignored") == std::string::npos);
  CHECK(fully_translated("setState ignored bogus: unknown field"));
  CHECK(!fully_translated("setState ignored bogus: a reason no table has"));
  // The message text is English inside the page: message_text does not translate.
  CHECK(message_text("%s: unknown field", "bogus") == "bogus: unknown field");
  set_language("en");
}

TEST_CASE("message_text's formats have %s conversions only, so tr can find them by what is shown", "[web][language]") {
  const auto formats = wrapped_literals({"message_text(\""});
  REQUIRE(!formats.empty());
  for (const auto& english : formats)
    for (const auto& c : printf_conversions(english)) {
      INFO(english);
      CHECK(c == "%s");
    }
}

TEST_CASE("the page's fetched words of a language replace that language's; a file without any is refused", "[web][language]") {
  // The page's file of a language is its texts of web/strings/*.json by English (scripts/package_site.mjs).
  nlohmann::json dutch = nlohmann::json::object();
  for (const auto& e : std::filesystem::directory_iterator(std::string(carvallo::test::source_dir()) + "/web/strings")) {
    std::ifstream in(e.path());
    const auto file = nlohmann::json::parse(in);
    for (const auto& [english, entry] : file.items())
      if (entry.contains("nl")) dutch[english] = entry["nl"];
  }
  const auto compiled = table_entries();
  CHECK(language_ready("en"));
  CHECK(language_ready("x-long"));
  CHECK(language_ready("nl"));  // compiled in here
  CHECK(language_ready("es"));

  set_language("es");
  const std::string spanish = tr(std::string("Reload"));
  set_language("nl");
  const std::string before = tr(std::string("Reload"));
  REQUIRE(load_language_words("nl", R"json({"Reload": "Opnieuw laden (test)"})json"));
  CHECK(tr(std::string("Reload")) == "Opnieuw laden (test)");  // what tr kept for the former words is gone
  CHECK(tr(std::string("Step")) == "Step");                    // the file is the language's words, whole
  CHECK_FALSE(load_language_words("nl", "not json"));
  CHECK_FALSE(load_language_words("nl", "{}"));
  CHECK_FALSE(load_language_words("nl", R"json({"Reload": 3})json"));
  CHECK_FALSE(load_language_words("en", R"json({"Reload": "Reload"})json"));
  CHECK(tr(std::string("Reload")) == "Opnieuw laden (test)");  // a refused file keeps the words
  set_language("es");
  CHECK(tr(std::string("Reload")) == spanish);                 // another language's are untouched

  REQUIRE(load_language_words("nl", dutch.dump()));
  set_language("nl");
  CHECK(tr(std::string("Reload")) == before);
  CHECK(table_entries().size() == compiled.size());
  set_language("en");
}
