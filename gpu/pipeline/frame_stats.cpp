#include "gpu/pipeline/frame_stats.hpp"

#include <numeric>

namespace kc {

void RollingStageMeans::push(Series& series, double value, int window) {
  if (static_cast<int>(series.values.size()) < window) {
    series.values.push_back(value);
  } else {
    series.values[series.next] = value;
  }
  series.next = (series.next + 1) % static_cast<std::size_t>(window);
}

double RollingStageMeans::mean(const Series& series) {
  if (series.values.empty()) return 0;
  return std::accumulate(series.values.begin(), series.values.end(), 0.0) / static_cast<double>(series.values.size());
}

void RollingStageMeans::add(const FrameStats& stats) {
  for (const auto& stage : stats.stages) {
    const auto [at, added] = index_.try_emplace(stage.name, stages_.size());
    if (added) stages_.push_back({stage.name, {}, 0});
    push(stages_[at->second], stage.ms, window_);
  }
  push(frame_, stats.frameMs, window_);
  push(latency_, stats.latencyMs, window_);
}

double RollingStageMeans::meanMs(const std::string& stage) const {
  const auto found = index_.find(stage);
  return found == index_.end() ? 0 : mean(stages_[found->second]);
}
double RollingStageMeans::meanFrameMs() const { return mean(frame_); }
double RollingStageMeans::meanLatencyMs() const { return mean(latency_); }

}  // namespace kc
