#include "app/cli/stage_summary.hpp"

#include <algorithm>
#include <numeric>

namespace kc {

void StageSummaryCollector::add(const FrameStats& stats) {
  for (const auto& stage : stats.stages) {
    auto it = std::find_if(series_.begin(), series_.end(), [&](const Series& s) { return s.name == stage.name; });
    if (it == series_.end()) {
      series_.push_back({stage.name, stage.isCopy, {}, 0});
      it = series_.end() - 1;
    }
    it->ms.push_back(stage.ms);
    it->bytes = stage.bytes;  // the last frame's size
  }
}

std::vector<StageSummary> StageSummaryCollector::summaries() const {
  std::vector<StageSummary> out;
  for (const auto& s : series_) {
    StageSummary summary{s.name, s.isCopy};
    std::vector<double> sorted = s.ms;
    std::sort(sorted.begin(), sorted.end());
    summary.msMean = std::accumulate(sorted.begin(), sorted.end(), 0.0) / static_cast<double>(sorted.size());
    const std::size_t n = sorted.size();
    summary.msMedian = n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
    summary.gbps = summary.msMedian > 0 ? s.bytes / (summary.msMedian * 1e-3) / 1e9 : 0;
    out.push_back(summary);
  }
  return out;
}

}  // namespace kc
