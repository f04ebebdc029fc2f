// The rider's input log (web/logic/input_log.hpp) as it travels in the link field `inputs=`: every kind of
// event round-trips exactly, a 60 s ride with 50 inputs fits a link under 2 KB, and hostile logs are refused
// with a message naming the problem (never cut).
#include "logic/input_log.hpp"
#include "logic/state_link.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace carvallo::web;

TEST_CASE("every kind of input event round-trips through the log's text exactly", "[web][input_log]") {
  InputEvent drag{InputEvent::Kind::drag, 700, 2, 0.0, {0.1, -0.25, 1.0 / 3.0}, {1e-7, 2.5, -0.75}};
  const std::vector<InputEvent> log = {
      {InputEvent::Kind::push, 0, 0, 0.5},
      {InputEvent::Kind::hold, 200, 1, -1.25},
      {InputEvent::Kind::hold, 260, 1, 0.0},
      drag,
      {InputEvent::Kind::release, 720},
  };
  const std::string text = input_log_text(log);
  CHECK(text == "p0:0.5,i1@200:-1.25,i1@260:0,d700:2:0.1:-0.25:0.3333333333333333:1e-07:2.5:-0.75,d720:-");
  std::string error;
  const auto back = read_input_log(text, error);
  REQUIRE(back);
  CHECK(error.empty());
  CHECK(*back == log);
  std::string canonical;
  CHECK_FALSE(check_input_log("p0:0.50,i1@200:-1.250", canonical));
  CHECK(canonical == "p0:0.5,i1@200:-1.25");
  CHECK_FALSE(check_input_log("", canonical));
  CHECK(canonical.empty());
}

TEST_CASE("a 60 s ride with 50 inputs fits a link under 2 KB, and the link reads it back", "[web][input_log]") {
  std::vector<InputEvent> log;
  for (int k = 0; k < 50; ++k) {  // dt = 5 ms: 12000 steps in 60 s
    const long step = 240L * k;
    if (k % 5 == 0) log.push_back({InputEvent::Kind::push, step, 0, 0.5});
    else log.push_back({InputEvent::Kind::hold, step, k % 2, k % 3 == 0 ? 0.0 : (k % 2 ? -1.0 : 1.0)});
  }
  UiState s;
  s.input_log = input_log_text(log);
  s.time_shown = 59.995;
  const std::string link = to_link(s);
  CHECK(link.size() < 2048);
  const auto r = read_link(link);
  CHECK(r.ignored.empty());
  CHECK(r.state.input_log == s.input_log);
  CHECK(r.state.time_shown == s.time_shown);
  CHECK(to_short_link(s).find("inputs=" + s.input_log) != std::string::npos);
}

TEST_CASE("hostile input logs are refused with a message naming the problem, never cut", "[web][input_log]") {
  std::string error;
  std::string many;
  for (std::size_t k = 0; k <= kMaxLinkedInputs; ++k) many += (k ? ",p" : "p") + std::to_string(k) + ":1";
  CHECK_FALSE(read_input_log(many, error));
  CHECK(error.find("more than the 200 a link carries") != std::string::npos);
  const std::string huge(kMaxLinkedInputs * 200, 'p');
  CHECK_FALSE(read_input_log(huge, error));
  CHECK(error.find("refused, not cut") != std::string::npos);
  CHECK_FALSE(read_input_log("p10:1,p5:1", error));
  CHECK(error.find("before the previous event") != std::string::npos);
  for (const char* bad : {"p1:nan", "p1:inf", "p1:1e400", "p-1:1", "p1:2e6", "i99@1:1", "i0@1", "x1:1", "p1:1:2", "p99999999999:1",
                          "d1:0:1:2:3", "d1:0:1:2:3:4:5:nan", "p1:0x10", ",", "p1:1,,p2:1", "p 1:1", "i0@1:1e-400x"}) {
    INFO(bad);
    CHECK_FALSE(read_input_log(bad, error));
    CHECK_FALSE(error.empty());
  }
  // In a link: the field is refused by name and the rest still applies.
  const auto r = read_link("inputs=p5:1,p1:1&t=2&speed=4");
  CHECK(r.state.input_log.empty());
  CHECK(r.state.time_shown == 2);
  CHECK(r.state.settings.at("speed") == 4);
  REQUIRE(r.ignored.size() == 1);
  CHECK(r.ignored.front().rfind("inputs=", 0) == 0);
  CHECK(read_link("t=601").ignored.size() == 1);
  CHECK(read_link("t=-1").ignored.size() == 1);
}
