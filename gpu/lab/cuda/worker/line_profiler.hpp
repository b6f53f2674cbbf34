#pragma once
// One launch of a user kernel, counted per source line with CUPTI's SASS metrics: the per-
// instruction counters Nsight Compute's source view shows (instructions executed, global-memory
// sectors against the ideal for the accessed bytes, shared-memory wavefronts against the ideal),
// summed over the instructions each line compiled to. The cubin must carry line information
// (NVRTC's -lineinfo, which leaves the code itself unchanged).
//
// The session instruments the kernel (CUPTI patches its SASS), so the profiled launch runs slower
// than usual; the figures count work, not time. Where CUPTI cannot be loaded, the driver refuses
// (profiling limited to administrators), or the GPU has no SASS metrics, the session collects
// nothing and note() says why in one line.
#include <cuda.h>

#include <cstdint>
#include <string>
#include <vector>

#include "gpu/lab/worker/worker_protocol.hpp"

namespace kc::lab {

class LineProfileSession {
 public:
  // Starts collecting for kernels launched in `context` (device `deviceIndex`) from now on.
  LineProfileSession(CUcontext context, int deviceIndex);
  ~LineProfileSession();  // stops collecting and drops CUPTI's configuration
  LineProfileSession(const LineProfileSession&) = delete;
  LineProfileSession& operator=(const LineProfileSession&) = delete;

  bool collecting() const { return state_ >= State::Enabled; }
  const std::string& note() const { return note_; }
  // The optional counters this GPU does not offer (their LineFigures fields stay 0).
  const std::vector<std::string>& missing() const { return missing_; }

  // After the launch finished: `function`'s figures by file and line, in that order. Empty, with
  // note() saying why, where the counters could not be read.
  std::vector<LineFigures> finish(const std::string& cubin, const std::string& function);

 private:
  enum class State { Off, Configured, Enabled };
  void stop();

  CUcontext context_;
  int deviceIndex_;
  State state_ = State::Off;
  std::vector<std::uint64_t> metricIds_;  // CUPTI's id of each counter configured (line_profiler.cpp's kCounters)
  std::vector<std::uint64_t LineFigures::*> fields_;  // and the field each one adds to
  std::vector<std::string> missing_;
  std::string note_;
};

}  // namespace kc::lab
