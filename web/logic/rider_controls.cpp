#include "logic/rider_controls.hpp"

#include <algorithm>

namespace carvallo::web {

void RiderControls::set(int source, int channel, int direction, bool down, double when) {
  if (channel < 0 || channel >= kChannels) return;
  if (down) {
    if (direction == 0) return;
    held_[source] = {channel, direction > 0 ? 1 : -1};
  } else if (held_.erase(source) == 0) {
    return;
  }
  note(channel, when);
}

void RiderControls::release_all(double when) {
  held_.clear();
  for (int c = 0; c < kChannels; ++c) note(c, when);
}

int RiderControls::direction(int channel) const {
  int sum = 0;
  for (const auto& [source, held] : held_)
    if (held.first == channel) sum += held.second;
  return std::clamp(sum, -1, 1);
}

void RiderControls::note(int channel, double when) {
  const int d = direction(channel);
  if (d == last_[channel]) return;
  last_[channel] = d;
  changes_.push_back({channel, d, when});
}

std::vector<RiderControls::Change> RiderControls::take_changes() {
  std::vector<Change> out;
  out.swap(changes_);
  std::stable_sort(out.begin(), out.end(), [](const Change& a, const Change& b) { return a.when < b.when; });
  return out;
}

}  // namespace carvallo::web
