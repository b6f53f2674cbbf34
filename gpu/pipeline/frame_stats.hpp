#pragma once
// What one processed frame reports. The overlays read this plain struct; they never call CUDA.
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace kc {

enum class DisplayPath { CudaInterop, CudaCopy, Cpu };
inline const char* displayPathName(DisplayPath path) {
  switch (path) {
    case DisplayPath::CudaInterop:
      return "CUDA+interop";
    case DisplayPath::CudaCopy:
      return "CUDA+copy";
    case DisplayPath::Cpu:
      break;
  }
  return "CPU";
}
// The same for machine-readable reports (`process --json`): "interop", "copy", "cpu".
inline const char* displayPathId(DisplayPath path) {
  switch (path) {
    case DisplayPath::CudaInterop:
      return "interop";
    case DisplayPath::CudaCopy:
      return "copy";
    case DisplayPath::Cpu:
      break;
  }
  return "cpu";
}

struct StageTiming {
  std::string name;     // stageLabel() of the stage, or "upload", "download", "interop copy"
  bool isCopy = false;  // a transfer rather than a kernel
  double ms = 0;        // this frame (CUDA events on the GPU, steady clock on the CPU)
  double bytes = 0;     // bytes read + written, for GB/s
};

// A stage that failed on this frame; its output was blanked and the other stages ran. The window
// disables the stage and says why; `process` stops with the message.
struct StageFailure {
  int stageIndex = -1;  // in the chain the frame ran through
  std::string stage;    // formatStage() of that stage
  std::string message;  // one line for the user: "kernel blur: the kernel faulted (...)"
};

struct FrameStats {
  std::int64_t frameIndex = 0;
  int width = 0, height = 0;        // input size
  std::vector<StageTiming> stages;  // in execution order
  double frameMs = 0;               // wall time per frame (1000 / fps) over the pipeline
  double latencyMs = 0;             // capture -> results ready
  double captureSeconds = 0;        // the frame's source stamp (steady clock; 0: none), for the latency to its present
  // The live view's hand-over (ui/render/frame_hand_off.hpp), same clock: when the worker handed the
  // finished frame over, and when the view took it to draw (0: not handed over / not taken).
  double handedSeconds = 0, takenSeconds = 0;
  int streamsInUse = 1;
  DisplayPath path = DisplayPath::Cpu;
  double rooflineGBs = 0;  // device bandwidth the % bars are drawn against (0 = unknown)
  // Histogram of the last hist stage: bins * channels counts (channels 1 = grey, 3 = r,g,b).
  int histogramBins = 0;
  int histogramChannels = 0;
  std::vector<std::uint32_t> histogram;
  std::vector<StageFailure> failures;
};

// Rolling mean over the last N frames per stage name (the lecture's title bar used 30).
class RollingStageMeans {
 public:
  explicit RollingStageMeans(int window = 30) : window_(window) {}
  void add(const FrameStats& stats);
  // Mean ms of a stage over the window (0 if unseen); mean frame ms likewise.
  double meanMs(const std::string& stage) const;
  double meanFrameMs() const;
  double meanLatencyMs() const;
  // Frames the means are over: fewer than the window while it fills (a still shows 1 at first).
  int samples() const { return static_cast<int>(frame_.values.size()); }

 private:
  struct Series {
    std::string name;
    std::vector<double> values;
    std::size_t next = 0;
  };
  static void push(Series& series, double value, int window);
  static double mean(const Series& series);
  int window_;
  std::vector<Series> stages_;  // in the order first seen
  // Name -> index in stages_: a 10,000-stage chain made each frame's add() 10^8 name comparisons.
  std::unordered_map<std::string, std::size_t> index_;
  Series frame_{"frame", {}, 0};
  Series latency_{"latency", {}, 0};
};

}  // namespace kc
