#pragma once
// One stage of a filter chain, and the record that defines a kind of stage. A StageDefinition is
// the one place a stage's behaviour lives (OBS keeps a filter as one obs_source_info record the same
// way): its id and parameters (stored once, with ranges and defaults), how it is parsed, printed and
// labelled, the shape it produces and the bytes it moves, its CPU implementation and, registered
// from its .cu file, its CUDA launch. Parsers, the dock, the overlays, the bench rows and both frame
// pipelines read these records; nothing else switches on the kind of a stage.
// No CUDA types here: the CUDA side sees frames as raw device pointers and the stream as void*.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "gpu/core/param_descriptor.hpp"
#include "gpu/pipeline/host_frame.hpp"

namespace kc {

struct FrameStats;

// The size and pixel format of an image between two stages.
struct FrameShape {
  int width = 0, height = 0;
  PixelFormat format = PixelFormat::Rgba8;
  std::size_t rowBytes() const { return static_cast<std::size_t>(width) * bytesPerPixel(format); }
  std::size_t bytes() const { return rowBytes() * static_cast<std::size_t>(height); }
  bool operator==(const FrameShape& o) const { return width == o.width && height == o.height && format == o.format; }
};

// A stage's parameters in their parsed, validated form, built once by StageDefinition::configure
// (a convolution's kernel, say). Each stage derives its own; the pipelines never look inside.
class StageConfig {
 public:
  virtual ~StageConfig() = default;
};

struct StageDefinition;

// One stage in a chain: its definition, its parameter values (canonical CLI text, one per
// parameter of the definition, defaults filled in) and their parsed form.
struct StageSpec {
  const StageDefinition* definition = nullptr;
  std::vector<std::string> values;
  std::shared_ptr<const StageConfig> config;

  const std::string& id() const;
  // The value of parameter `param` (its CLI text); throws InvalidArgument for a parameter the stage lacks.
  const std::string& value(std::string_view param) const;
  template <class Config>
  const Config& configAs() const {
    return static_cast<const Config&>(*config);
  }
  // Same stage, same parameters (compares the canonical text).
  bool operator==(const StageSpec& other) const;
};

// What a stage's CPU implementation gets. `out` is pre-sized to outputShape (empty for stages
// that produce no image, such as the histogram, which reads `in` and fills `stats`).
struct CpuStageIo {
  const HostFrame& in;
  HostFrame& out;
  FrameStats& stats;
};

// A device image: tightly described, pitched rows (the pipeline aligns pitches to 256 bytes).
struct DeviceFrame {
  void* data = nullptr;
  FrameShape shape;
  std::size_t pitch = 0;
};

// Where a stage that reports a histogram writes it on the device, and what it says it wrote.
struct DeviceHistogram {
  std::uint32_t* counts = nullptr;  // room for 3 * kMaxHistogramBins counts
  std::uint32_t* sync = nullptr;    // the launch's HistogramSync words (histogram.cuh)
  int bins = 0, channels = 0;       // set by the launch: what the frame's readback copies
};

// What a launch may report back, for stages the pipeline's events cannot see (a user kernel runs
// in the kernel lab's worker process).
struct StageLaunchReport {
  double measuredMs = -1;  // >= 0: the stage's own measured time, shown instead of the events'
  // Not empty: the stage failed on this frame (a user kernel faulted or hung). The pipeline blanks
  // the stage's output, keeps running the other stages and reports it in FrameStats::failures.
  std::string failure;
  // Set by a stage whose outcome is known only once the frame's GPU work is done (a user kernel
  // ordered with the pipeline's stream on the GPU): called then, before the frame's stats are made,
  // with a report of its own to fill (measuredMs, failure: the stage's output is then already black).
  std::function<void(StageLaunchReport&)> settle;
};

struct CudaStageIo {
  DeviceFrame in;
  DeviceFrame out;                       // data == nullptr for stages that produce no image
  void* stream = nullptr;                // cudaStream_t
  DeviceHistogram* histogram = nullptr;  // only for a stage whose sideOutput is Histogram
  std::int64_t frameIndex = 0;           // the frame's HostFrame::index
  StageLaunchReport* report = nullptr;   // set by the pipelines; the bench passes none
};

// The bare library call that does a stage's work on the CPU (the bench times applyCpu against it):
// its name ("cv::sepFilter2D") and the call, set up for one input and output.
struct CpuBaselineCall {
  std::string name;
  std::function<void()> run;
};

// What a stage would rather start from when it heads the chain, where the frame offers it. Both
// pipelines read it through frame_ops.hpp (pipelineInputFrame); nothing tests a stage's formats.
enum class HeadInput {
  Frame,      // the frame as the source gave it, in RGBA (a grey frame stays grey): the default
  LumaPlane,  // a camera frame's own Y plane (NV12, I420, YV12) as the grey picture, uploaded alone
              // on CUDA: for the gray stage a camera's grey is its luma, whatever weights it names
};

// What a stage reports besides its image, into the frame's FrameStats.
enum class SideOutput {
  None,
  Histogram,  // counts into CudaStageIo::histogram (or FrameStats on the CPU); the chain's last one is reported
};

// Enqueues the stage on io.stream; no synchronisation. Registered from the stage's .cu file.
using CudaStageLaunch = void (*)(const StageSpec& stage, const CudaStageIo& io);

struct StageDefinition {
  std::string id;           // CLI name: "gray", "conv", ...
  std::string displayName;  // "Grayscale", ...
  std::string help;         // one line for --help and tooltips
  int menuOrder = 100;      // position in help texts and the dock's "add" menu
  std::vector<ParamDescriptor> params;

  // Required. Builds the parsed form from complete values (one per parameter present, see
  // ParamDescriptor::onlyWhenParam; absent ones are empty). Throws InvalidArgument with a
  // message for the user (the parser prefixes the stage text).
  std::function<std::shared_ptr<const StageConfig>(const StageSpec&)> configure;
  // Short row name for overlays and the bench: "conv gauss 5x5". Default: id and values.
  std::function<std::string(const StageSpec&)> label;
  // The image the stage produces from `in`. Default: the same shape.
  std::function<FrameShape(const StageSpec&, FrameShape)> outputShape;
  // Bytes read plus written at the stage's ideal (each input pixel read once, each output written
  // once), for the GB/s and roofline columns. Default: in + out.
  std::function<double(const StageSpec&, FrameShape)> bytesMoved;
  // True when the stage leaves `in` as it is (grey on a grey image): not run, not timed.
  std::function<bool(const StageSpec&, FrameShape)> isNoOp;
  // False for stages that only measure (histogram): no output image, the next stage reads `in`.
  bool producesImage = true;
  // What the stage wants as its input at the head of a chain. Default: the frame, in RGBA.
  HeadInput headInput = HeadInput::Frame;
  // What the stage reports besides its image. The CUDA pipeline hands its histogram buffer only
  // to a stage that declares one, and reads the counts back only when such a stage ran.
  SideOutput sideOutput = SideOutput::None;
  // Required (unless needsCuda). The CPU implementation: the CPU backend's fast path.
  std::function<void(const StageSpec&, const CpuStageIo&)> applyCpu;
  // The reference the fast paths are tested against. Default: applyCpu (it is the reference).
  std::function<void(const StageSpec&, const CpuStageIo&)> applyReference;
  // Optional: the bare OpenCV call for the stage on io, set next to the OpenCV fast path
  // (stages/NAME_opencv.cpp); empty in builds without OpenCV.
  std::function<CpuBaselineCall(const StageSpec&, const CpuStageIo&)> cpuBaseline;
  // Stage texts the bench times for this stage (generic rows, unless the CUDA side brings its own).
  // Empty for stages that cannot be timed without the user's input (kernel=PATH): none.
  std::vector<std::string> benchCases;

  // Parameters of one stage rather than of its kind (a user kernel's @param lines), built from
  // the configured spec: Int or Float descriptors. Their values are NAME=VALUE tokens of the
  // definition's Assignments parameter; absent ones take the descriptor's default. The dock
  // generates a control for each, as for `params`. Default: none.
  std::function<std::vector<ParamDescriptor>(const StageSpec&)> instanceParams;
  // The stage has no CPU implementation (applyCpu may be empty): the CPU pipeline blanks its output
  // and reports "the ID stage needs CUDA" as the frame's failure; the CLI refuses such chains
  // without CUDA (exit 3).
  bool needsCuda = false;
  // Its CUDA launch only enqueues work on io.stream, the same for every frame of a shape: the CUDA
  // pipeline may capture it into a graph and replay it (cuda_stage_executor.cuh). False for a stage
  // that talks to the host per frame (a user kernel's worker): its chains run without a graph.
  bool capturable = true;
  // The files the stage reads (a user kernel and the headers it includes), so that no output of a
  // run can overwrite them (app/io/output_file.hpp's guard). Default: its Text parameters' values
  // (a Text parameter is a file path).
  std::function<std::vector<std::string>(const StageSpec&)> inputFiles;
};

}  // namespace kc
