#pragma once
// What the A/B view says about its two sides: each chain's name and time (its stages' kernel time,
// averaged over the last frames), the speed-up, and how far the outputs are apart. Plain C++.
#include <cstddef>
#include <deque>
#include <string>
#include <vector>

#include "gpu/lab/frame_compare.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_stats.hpp"

namespace kc {

// The chain's stage labels joined by " + ", or "input" for the empty chain.
std::string chainName(const FilterChain& chain);
// The time of a frame's stages, copies left out (uploads, downloads): what the kernels cost.
double stagesMs(const FrameStats& stats);

// A mean over the last `window` values.
class RunningMean {
 public:
  explicit RunningMean(std::size_t window = 30) : window_(window) {}
  void add(double value);
  double mean() const;
  void clear() { values_.clear(); }

 private:
  std::size_t window_;
  std::deque<double> values_;
};

struct AbReport {
  std::string nameA, nameB;
  double msA = 0, msB = 0;  // means over the last frames
  lab::FrameComparison comparison;
  int heatScale = 0;                  // the heat map's white, when it is shown
  std::vector<std::string> failures;  // "B: kernel blur: the kernel faulted (...)"

  std::string captionA() const;  // "A  gray lab  0.21 ms" (three significant digits)
  std::string captionB() const;  // "B  kernel grey  0.18 ms", or "|A-B|  kernel grey" over the heat map
  // "B is 1.17x faster · identical (max |A-B| 0)", with the heat map's scale when shown.
  std::string summary() const;
};

}  // namespace kc
