#pragma once
// The A/B view on the live stream: two chains (the built-in stage and a user kernel, or two user
// kernels) run on the same frame by two pipelines of the live backend; A is shown as the view's
// original image and B (or the heat map of |A-B|) as its filtered image, so the view's modes are
// the A/B's: split = a wipe with a divider to drag, side by side. The report (app/lab/ab_report.hpp)
// captions each side with its time, and the bottom with the speed-up, max |A-B| and PSNR.
#include <memory>

#include "app/lab/ab_report.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"

namespace kc {

class AbRunner {
 public:
  // Two pipelines of `backend` (Cuda or Cpu), the one the live view runs on.
  explicit AbRunner(Backend backend);
  ~AbRunner();

  // Throws InvalidArgument for a chain the backend refuses; the times start again.
  void setChains(const FilterChain& a, const FilterChain& b);
  void setHeatMap(bool heatMap) { heatMap_ = heatMap; }

  // Runs both chains on `frame` (each to completion) and presents A as `sink`'s original image and
  // B (or the heat map) as its filtered one. Returns the stats presented: A's stages then B's,
  // named "A ..." and "B ...". The captions are the report's (the view sets them).
  FrameStats show(const HostFrame& frame, DisplaySink& sink);
  const AbReport& report() const { return report_; }

 private:
  std::unique_ptr<FramePipeline> a_, b_;
  bool heatMap_ = false;
  RunningMean meanA_, meanB_;
  AbReport report_;
};

}  // namespace kc
