#include "app/lab/ab_report.hpp"

#include <cstdio>
#include <numeric>

namespace kc {

namespace {
std::string side(const char* letter, const std::string& name, double ms) {
  char time[32];
  std::snprintf(time, sizeof time, "%.3g ms", ms);  // 0.0421 ms on a GPU, 442 ms on a CPU
  return std::string(letter) + "  " + name + "  " + time;
}
}  // namespace

std::string chainName(const FilterChain& chain) {
  if (chain.empty()) return "input";
  std::string name;
  for (const std::string& label : stageLabels(chain)) name += (name.empty() ? "" : " + ") + label;
  return name;
}

double stagesMs(const FrameStats& stats) {
  double ms = 0;
  for (const StageTiming& stage : stats.stages)
    if (!stage.isCopy) ms += stage.ms;
  return ms;
}

void RunningMean::add(double value) {
  values_.push_back(value);
  while (values_.size() > window_) values_.pop_front();
}

double RunningMean::mean() const {
  return values_.empty() ? 0.0
                         : std::accumulate(values_.begin(), values_.end(), 0.0) / static_cast<double>(values_.size());
}

std::string AbReport::captionA() const { return side("A", nameA, msA); }
std::string AbReport::captionB() const { return heatScale > 0 ? "|A-B|  " + nameB : side("B", nameB, msB); }

std::string AbReport::summary() const {
  std::string text = lab::speedUpText(msA, msB);
  const std::string difference = lab::describeComparison(comparison);
  text += (text.empty() ? "" : "  \u00b7  ") + difference;
  if (heatScale > 0 && comparison.comparable && !comparison.identical())
    text += "  \u00b7  heat map: white = " + std::to_string(heatScale) + " levels";
  return text;
}

}  // namespace kc
