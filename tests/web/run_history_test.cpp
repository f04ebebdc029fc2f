// Rewinding a running model (web/logic/model_view.hpp): a moment sought in the kept history is the one
// the run passed through, to the bit; playing on from it reproduces the original continuation to the bit;
// the input log replayed in a fresh run gives the same motion; an input in the past starts a new future;
// at least kHistorySeconds are kept and the memory stays bounded.
#include "logic/model_view.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

using namespace carvallo::web;

namespace {

// The bicycle at 4.6 m/s (self-stable), kicked at 1 s, steered right from 2 s to 2.5 s.
void ride(ModelView& v, std::map<long, carvallo::State>& kept) {
  const int steer = v.run().input_index("steer_torque");
  REQUIRE(steer >= 0);
  while (v.step_index() < 2000 && !v.run().ended()) {
    if (v.step_index() == 200) REQUIRE(v.push(0.5));
    if (v.step_index() == 400) v.hold_input(steer, 1.0);
    if (v.step_index() == 500) v.hold_input(steer, 0.0);
    v.step(1);
    if (v.step_index() % 100 == 0) kept[v.step_index()] = v.run().state();
  }
}

void same_state(const carvallo::State& a, const carvallo::State& b) {
  CHECK(a.t == b.t);
  CHECK(a.q == b.q);  // to the bit
  CHECK(a.qd == b.qd);
}

}  // namespace

TEST_CASE("a moment sought is the one passed through, and playing on repeats the run to the bit", "[web][history]") {
  UiState s;
  s.settings["speed"] = 4.6;
  ModelView v(s);
  std::map<long, carvallo::State> kept;
  ride(v, kept);
  REQUIRE(v.step_index() == 2000);
  CHECK(v.log().size() == 3);
  CHECK(v.first_step() == 0);
  CHECK(v.last_step() == 2000);
  CHECK(v.checkpoint_interval() == 200);

  v.seek_step(v.step_near(3.0));
  CHECK(v.step_index() == 600);
  same_state(v.run().state(), kept[600]);
  CHECK(v.in_past());
  CHECK(v.history().back().step == 600);  // the plots show that moment
  CHECK(v.tracks().front().size() == v.history().size());
  // Back across the kick and the steer, and on again through them.
  v.seek_step(150);
  v.step(50);
  same_state(v.run().state(), kept[200]);
  while (v.step_index() < 2000) {
    v.step(1);
    if (kept.count(v.step_index())) same_state(v.run().state(), kept[v.step_index()]);
  }
  CHECK(v.log().size() == 3);  // the recorded inputs acted again, none added
}

TEST_CASE("the input log replayed in a fresh run gives the same motion to the bit", "[web][history]") {
  UiState s;
  s.settings["speed"] = 4.6;
  ModelView v(s);
  std::map<long, carvallo::State> kept;
  ride(v, kept);
  ModelView w(s);
  REQUIRE(w.set_log(v.log_until_now()).empty());
  w.step(2000);
  same_state(w.run().state(), v.run().state());
  // Through the link's text too.
  std::string error;
  const auto read = read_input_log(input_log_text(v.log_until_now()), error);
  REQUIRE(read);
  ModelView x(s);
  REQUIRE(x.set_log(*read).empty());
  x.step(1000);
  same_state(x.run().state(), kept[1000]);
  // A log for inputs or bodies the model does not have is refused, the run left as it was.
  UiState disk;
  select_model(disk, "rolling-disk");
  ModelView d(disk);
  CHECK_FALSE(d.set_log(v.log_until_now()).empty());
  CHECK(d.log().empty());
}

TEST_CASE("an input at a past moment starts a new future from there", "[web][history]") {
  UiState s;
  s.settings["speed"] = 4.6;
  ModelView v(s);
  std::map<long, carvallo::State> kept;
  ride(v, kept);
  v.seek_step(300);
  REQUIRE(v.push(-0.5));
  CHECK(v.last_step() == 300);
  CHECK_FALSE(v.in_past());
  CHECK(v.log().size() == 2);  // the kick at 1 s, and this one; the steer at 2 s is gone with the future
  CHECK(v.log_until_now().size() == 2);
  v.step(100);
  CHECK(v.run().state().qd != kept[400].qd);
}

TEST_CASE("the history keeps at least two minutes and forgets what is older", "[web][history]") {
  UiState s;
  select_model(s, "chaplygin-sleigh");
  s.sim.time_step = 0.05;
  ModelView v(s);
  const long steps = static_cast<long>(200 / 0.05);
  v.step(static_cast<int>(steps));
  REQUIRE(v.step_index() == steps);
  CHECK(v.last_time() - v.first_time() >= kHistorySeconds);
  CHECK(v.last_time() - v.first_time() <= 1.25 * kHistorySeconds + 1.0);
  CHECK(v.history().size() <= static_cast<std::size_t>(1.25 * kHistorySeconds / 0.05) + 2);
  const auto end = v.run().state();
  v.seek_step(0);  // before the oldest kept: the oldest
  CHECK(v.step_index() == v.first_step());
  CHECK(v.time() == v.first_time());
  v.seek_step(steps);
  same_state(v.run().state(), end);
}

TEST_CASE("pulling the rear frame to the right rolls the bicycle right, and the pull replays to the bit", "[web][history][push]") {
  UiState s;
  s.settings["speed"] = 4.6;
  s.settings["roll_rate"] = 0.0;
  ModelView v(s);
  const auto& names = v.run().instance().body_names;
  const int rear = static_cast<int>(std::find(names.begin(), names.end(), "rear_frame") - names.begin());
  REQUIRE(rear < static_cast<int>(names.size()));
  const auto poses = v.run().body_poses();
  // Grab the rear frame 0.6 m above its origin (z is down) and pull toward a point 0.3 m to its right (y).
  const Eigen::Vector3d local(0.0, 0.0, -0.6);
  const Eigen::Vector3d grabbed = poses[static_cast<std::size_t>(rear)].position + poses[static_cast<std::size_t>(rear)].rotation * local;
  REQUIRE(v.pull(rear, local, grabbed + Eigen::Vector3d(0, 0.3, 0)));
  const auto pulling = v.pulling();
  CHECK(pulling.active);
  CHECK(pulling.force.y() > 0);
  v.step(40);  // 0.2 s
  const double roll_rate = v.run().probes()[static_cast<std::size_t>(v.run().probe_index("roll_rate"))];
  CHECK(roll_rate > 0.05);  // rolls right (Meijaard: roll right positive)
  v.let_go();
  CHECK_FALSE(v.pulling().active);
  v.step(100);
  ModelView w(s);
  REQUIRE(w.set_log(v.log_until_now()).empty());
  w.step(140);
  same_state(w.run().state(), v.run().state());
  v.seek_step(20);
  v.step(120);
  same_state(w.run().state(), v.run().state());
}

TEST_CASE("an adaptive integrator steps over many time steps, the same steps whatever the frames ask, and they replay to the bit",
          "[web][history][adaptive]") {
  UiState s;
  s.model = "epicyclic-gear";
  s.settings = start_settings("epicyclic-gear");
  s.sim.integrator = "kutta-merson-adaptive";
  s.sim.time_step = 0.001;
  s.sim.tolerance = 1e-8;
  ModelView whole(s), frames(s);
  whole.step(1500);
  std::map<long, carvallo::State> kept;
  while (frames.step_index() < 1500) {
    frames.step(1);  // one time step asked each frame: the run still takes its own steps
    kept[frames.step_index()] = frames.run().state();
  }
  REQUIRE(whole.step_index() == frames.step_index());
  same_state(whole.run().state(), frames.run().state());
  // The gear train took one step per millisecond; the error control now takes far fewer, each a
  // whole number of time steps, so step k is still at t = k h.
  INFO("steps " << frames.work().steps << ", kept moments " << kept.size());
  CHECK(frames.work().steps < 150);
  CHECK(kept.size() < 150);
  for (const auto& [k, state] : kept) CHECK(state.t == Approx(1e-3 * static_cast<double>(k)).margin(1e-12));
  CHECK(frames.work().simulated_seconds == Approx(1e-3 * static_cast<double>(frames.step_index())));

  // Every moment passed through is found again, and playing on from one repeats the run.
  const auto middle = std::next(kept.begin(), static_cast<std::ptrdiff_t>(kept.size() / 2));
  frames.seek_step(middle->first);
  same_state(frames.run().state(), middle->second);
  while (frames.step_index() < whole.step_index()) frames.step(7);
  same_state(frames.run().state(), whole.run().state());

  // Independent reference: the same gear train by RK4 at half a millisecond.
  UiState fine = s;
  fine.sim.integrator = "rk4";
  fine.sim.time_step = 5e-4;
  ModelView reference(fine);
  reference.step(static_cast<int>(2 * whole.step_index()));
  REQUIRE(reference.time() == Approx(whole.time()).margin(1e-9));
  const auto& a = whole.run().state();
  const auto& b = reference.run().state();
  CHECK((a.q - b.q).lpNorm<Eigen::Infinity>() < 1e-6);
  CHECK((a.qd - b.qd).lpNorm<Eigen::Infinity>() < 1e-6);
}
