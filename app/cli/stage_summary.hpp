#pragma once
// Per-stage timings collected over the frames of a `process` run: mean, median and GB/s.
#include <string>
#include <vector>

#include "gpu/pipeline/frame_stats.hpp"

namespace kc {

struct StageSummary {
  std::string name;
  bool isCopy = false;
  double msMean = 0, msMedian = 0;
  double gbps = 0;  // bytes per frame / median time
};

class StageSummaryCollector {
 public:
  void add(const FrameStats& stats);
  std::vector<StageSummary> summaries() const;  // in first-seen order

 private:
  struct Series {
    std::string name;
    bool isCopy = false;
    std::vector<double> ms;
    double bytes = 0;
  };
  std::vector<Series> series_;
};

}  // namespace kc
