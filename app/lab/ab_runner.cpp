#include "app/lab/ab_runner.hpp"

#include <algorithm>
#include <chrono>

#include "app/session/run_session.hpp"
#include "gpu/core/elapsed.hpp"
#include "gpu/pipeline/frame_ops.hpp"

namespace kc {

namespace {

void appendSide(FrameStats& shown, const FrameStats& side, const char* prefix) {
  for (StageTiming stage : side.stages) {
    stage.name = prefix + stage.name;
    shown.stages.push_back(std::move(stage));
  }
}

}  // namespace

AbRunner::AbRunner(Backend backend) {
  RunSession session(backend);  // the live pipeline's backend: both sides run where it runs
  a_ = session.newPipeline();
  b_ = session.newPipeline();
}

AbRunner::~AbRunner() = default;

void AbRunner::setChains(const FilterChain& a, const FilterChain& b) {
  a_->setChain(a);
  b_->setChain(b);
  report_ = {};
  report_.nameA = chainName(a);
  report_.nameB = chainName(b);
  meanA_.clear();
  meanB_.clear();
}

FrameStats AbRunner::show(const HostFrame& frame, DisplaySink& sink) {
  const auto start = std::chrono::steady_clock::now();
  const HostFrame input = toRgbaFrame(frame);
  FrameResult a = a_->process(input);
  FrameResult b = b_->process(input);
  if (a.output.empty()) a.output = input;  // the empty chain: the input itself
  if (b.output.empty()) b.output = input;

  meanA_.add(stagesMs(a.stats));
  meanB_.add(stagesMs(b.stats));
  report_.msA = meanA_.mean();
  report_.msB = meanB_.mean();
  report_.comparison = lab::compareFrames(a.output, b.output);
  report_.failures.clear();
  for (const StageFailure& failure : a.stats.failures) report_.failures.push_back("A: " + failure.message);
  for (const StageFailure& failure : b.stats.failures) report_.failures.push_back("B: " + failure.message);

  const bool heat = heatMap_ && report_.comparison.comparable;
  report_.heatScale = heat ? std::max(1, report_.comparison.maxAbsDiff) : 0;
  const HostFrame original = toRgbaFrame(a.output);
  const HostFrame filtered = heat ? lab::differenceHeatMap(a.output, b.output, report_.heatScale) : b.output;
  DisplayLayout layout;
  layout.originalWidth = original.width();
  layout.originalHeight = original.height();
  layout.filteredWidth = filtered.width();
  layout.filteredHeight = filtered.height();
  layout.filteredFormat = filtered.format;
  sink.prepare(layout);
  sink.writeOriginal(original.bytes(), original.pitch());
  sink.writeFiltered(filtered.bytes(), filtered.pitch());

  FrameStats shown = b.stats;  // B's histogram, path and size
  shown.stages.clear();
  appendSide(shown, a.stats, "A ");
  appendSide(shown, b.stats, "B ");
  shown.failures = a.stats.failures;
  shown.failures.insert(shown.failures.end(), b.stats.failures.begin(), b.stats.failures.end());
  shown.frameMs = msSince(start);
  sink.present(shown);
  return shown;
}

}  // namespace kc
