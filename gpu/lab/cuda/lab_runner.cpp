#include "gpu/lab/cuda/lab_runner.hpp"

#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <map>
#include <optional>
#include <vector>

#include "gpu/core/cuda_check.cuh"
#include "gpu/core/error.hpp"
#include "gpu/lab/cuda/driver_api.hpp"
#include "gpu/lab/cuda/lab_runner_state.hpp"
#include "gpu/lab/worker/worker_location.hpp"

#ifndef KC_LAB_WORKER_BUILD_PATH  // gpu/CMakeLists.txt passes the build tree's worker
#define KC_LAB_WORKER_BUILD_PATH ""
#endif

namespace kc::lab {
namespace {

// Makes the runner's device current for a scope (the caller's thread may have another), then
// restores the caller's.
class CurrentDevice {
 public:
  explicit CurrentDevice(int device) {
    KC_CUDA_CHECK(cudaGetDevice(&previous_));
    if (previous_ != device) KC_CUDA_CHECK(cudaSetDevice(device));
    changed_ = previous_ != device;
  }
  ~CurrentDevice() {
    if (changed_) (void)cudaSetDevice(previous_);
  }
  CurrentDevice(const CurrentDevice&) = delete;
  CurrentDevice& operator=(const CurrentDevice&) = delete;

 private:
  int previous_ = 0;
  bool changed_ = false;
};

std::string formatMs(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.0f ms", ms);
  return text;
}

std::string outOfBoundsMessage(int width, int height, const std::string& writes) {
  return "out-of-bounds writes into the guard bytes around the " + std::to_string(width) + "x" +
         std::to_string(height) + " output: " + writes;
}

// GpuOrder's two words in the order page, a cache line apart.
constexpr std::uint64_t kReadyOffset = 0;
constexpr std::uint64_t kDoneOffset = 64;

}  // namespace

// What the runner's own thread needs to free kernelcam's stream from a frame the worker will never
// finish: the page whose word the stream waits on. The frame's output was cleared on the stream
// before the worker's turn, so it stays black.
struct FrameRelease {
  OrderPage* page = nullptr;
  std::uint64_t sequence = 0;
};

LabRunner::LabRunner(int device, LabRunnerOptions options) : options_(options), state_(std::make_unique<State>()) {
  state_->device = device;
  state_->workerPath = findLabWorker(KC_LAB_WORKER_BUILD_PATH);
  state_->startWorker();
}

LabRunner::~LabRunner() {
  try {
    settle();      // the frame in flight's buffers are the worker's until its reply
  } catch (...) {  // a report nobody will read
  }
}

void LabRunner::settle() const {
  State& s = *state_;
  if (!s.flight) return;
  s.collector->wait();
  State::Flight flight = std::move(*s.flight);
  s.flight.reset();
  LaunchReport report = std::move(flight.report);
  if (report.ok() && flight.checked) {
    const CurrentDevice current(s.device);
    KC_CUDA_CHECK(cudaEventSynchronize(*s.countArrived));
    if (const std::string writes = s.guards.writes(s.out, *s.stream); !writes.empty()) {
      report.status = LaunchStatus::OutOfBounds;
      report.message = outOfBoundsMessage(flight.width, flight.height, writes);
    }
  }
  s.keepReport(flight.sequence, std::move(report));
}

std::optional<LaunchReport> LabRunner::takeReport(std::uint64_t frame) {
  settle();
  const auto found = state_->settled.find(frame);
  if (found == state_->settled.end()) return std::nullopt;
  LaunchReport report = std::move(found->second);
  state_->settled.erase(found);
  return report;
}

void LabRunner::load(const CompiledKernel& kernel) {
  KC_REQUIRE(kernel.ok(), "LabRunner::load: " + kernel.path + " did not compile");
  settle();
  State& s = *state_;
  if (!s.worker || !s.worker->running()) s.startWorker();
  LoadReply reply;
  try {
    reply = s.worker->load({kernel.cubin, kernel.loweredName, kernel.analysis.annotations.block.threads()});
  } catch (const WorkerError&) {
    s.stopWorker();
    throw;
  }
  if (!reply.status.ok())
    throwError(__FILE__, __LINE__, "kernelcam-lab-worker",
               reply.status.message + " (" + kernel.path + " was compiled for sm_" + std::to_string(kernel.arch) +
                   "; kernelcam kernel check --arch names this GPU's)",
               reply.status.code);
  s.annotations = kernel.analysis.annotations;
  if (s.kernel.get() != &kernel) s.kernel = std::make_shared<const CompiledKernel>(kernel);
  Occupancy& o = s.occupancy;
  o.blockThreads = s.annotations.block.threads();
  o.activeBlocksPerSm = reply.activeBlocksPerSm;
  o.activeWarpsPerSm = reply.activeBlocksPerSm * ((o.blockThreads + 31) / 32);
  o.maxWarpsPerSm = reply.maxThreadsPerSm / 32;
  s.loaded = true;
}

bool LabRunner::loaded() const {
  settle();
  return state_->loaded && state_->worker && state_->worker->running();
}

Occupancy LabRunner::occupancy() const {
  KC_REQUIRE(loaded(), "LabRunner::occupancy: no kernel loaded");
  return state_->occupancy;
}

int LabRunner::workersStopped() const {
  settle();
  return state_->workersStopped;
}

void LabRunner::setOptions(const LabRunnerOptions& options) {
  settle();
  options_ = options;
}

PixelFormat LabRunner::outputFormat(PixelFormat input) const {
  KC_REQUIRE(loaded(), "LabRunner::outputFormat: no kernel loaded");
  switch (state_->annotations.output) {
    case OutputFormat::Rgba8:
      return PixelFormat::Rgba8;
    case OutputFormat::Gray8:
      return PixelFormat::Gray8;
    case OutputFormat::SameAsInput:
      break;
  }
  return input;
}

LaunchReport LabRunner::run(const HostFrame& in, HostFrame& out, const ParamValues& values) {
  return launch(&in, &out, nullptr, nullptr, values);
}

LaunchReport LabRunner::profile(const HostFrame& in, HostFrame& out, const ParamValues& values) {
  LaunchReport report = launch(&in, &out, nullptr, nullptr, values, /*profileLines=*/true);
  // CUPTI's per-instruction counters can be set up once in a process: on the H200 a second set-up
  // ran out of memory, and a second collection without one returned nothing. So the profiled
  // worker ends here, and a new one gets the kernel for whatever comes next.
  if (!report.workerStopped && state_->kernel) {
    const std::shared_ptr<const CompiledKernel> kernel = state_->kernel;
    state_->retireWorker();
    load(*kernel);
  }
  return report;
}

LaunchReport LabRunner::runDevice(const DeviceFrameRef& in, const DeviceFrameRef& out, const ParamValues& values) {
  return launch(nullptr, nullptr, &in, &out, values);
}

bool LabRunner::ordersOnGpu() {
  State& s = *state_;
  if (!options_.orderOnGpu) return false;
  if (!s.ordersOnGpu) {
    try {
      const DriverApi& api = driverApi();
      CUdevice device = 0;
      int supported = 0;
      KC_CU_CHECK(api.cuDeviceGet(&device, s.device));
      KC_CU_CHECK(api.cuDeviceGetAttribute(&supported, CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS, device));
      const CurrentDevice current(s.device);
      if (supported && !s.page) s.page = std::make_unique<OrderPage>();  // shared memory to be had
      s.ordersOnGpu = supported != 0;
    } catch (const Error&) {  // the frames are then ordered by this thread waiting
      s.ordersOnGpu = false;
    }
  }
  return *s.ordersOnGpu;
}

std::uint64_t LabRunner::submitDevice(const DeviceFrameRef& in, const DeviceFrameRef& out, const ParamValues& values,
                                      CUstream_st* stream) {
  settle();
  if (!ordersOnGpu()) {
    KC_CUDA_CHECK(cudaStreamSynchronize(stream));
    const std::uint64_t sequence = ++state_->sequence;
    state_->keepReport(sequence, runDevice(in, out, values));
    return sequence;
  }
  const FrameCheck frame = checkFrames(nullptr, &in, &out, values);
  State& s = *state_;
  const CurrentDevice current(s.device);
  s.prepare(frame.width, frame.height, in.format, frame.outFormat, options_.checked, /*ordered=*/true);
  const DriverApi& api = driverApi();
  if (!s.collector) s.collector = std::make_unique<BackgroundCall>();
  const std::uint64_t sequence = ++s.sequence;

  copy2D(s.in.origin(), s.in.pitch, reinterpret_cast<const void*>(in.data), in.pitch, s.in.rowBytes(), frame.height,
         stream);
  // Black until the kernel writes it: a frame whose kernel never runs (refused, the worker gone)
  // must not show the frame before as this one's.
  KC_CUDA_CHECK(cudaMemset2DAsync(s.out.origin(), s.out.pitch, 0, s.out.rowBytes(),
                                  static_cast<std::size_t>(frame.height), stream));
  if (options_.checked) s.guards.fillIfNeeded(s.out, stream);
  KC_CU_CHECK(
      api.cuStreamWriteValue64(stream, s.page->deviceWord(kReadyOffset), sequence, CU_STREAM_WRITE_VALUE_DEFAULT));

  // The rest of the frame's work on the stream, enqueued before the worker hears of it (the waits
  // are on values, so the order of enqueueing does not matter): once the request is out, the
  // collector's thread may stop the worker and drop buffers, and this thread touches none of them.
  try {
    KC_CU_CHECK(api.cuStreamWaitValue64(stream, s.page->deviceWord(kDoneOffset), sequence, CU_STREAM_WAIT_VALUE_GEQ));
    copy2D(reinterpret_cast<void*>(out.data), out.pitch, s.out.origin(), s.out.pitch, s.out.rowBytes(), frame.height,
           stream);
    if (options_.checked) {
      s.guards.enqueueCount(s.out, stream);
      KC_CUDA_CHECK(cudaEventRecord(*s.countArrived, stream));
    }
  } catch (...) {
    s.page->store(kDoneOffset, sequence);  // no worker will write it: the stream must not wait for it
    throw;
  }

  RunRequest request{s.in.frame(),
                     s.out.frame(),
                     s.annotations.block.x,
                     s.annotations.block.y,
                     packParams(s.annotations.params, values),
                     false,
                     GpuOrder{kReadyOffset, kDoneOffset, sequence}};
  const FrameRelease release{s.page.get(), sequence};
  s.flight.emplace();
  s.flight->sequence = sequence;
  s.flight->checked = options_.checked;
  s.flight->width = frame.width;
  s.flight->height = frame.height;
  s.collector->start([this, request = std::move(request), release] { awaitRun(request, release); });
  return sequence;
}

// On the collector's thread: the worker's reply to a frame submitDevice sent, within the time
// limit. A frame the worker will not finish (refused, faulted, hung, or the worker gone) is
// released first, with a store into the order page: stopping the worker may free memory, and a
// free waits for kernelcam's streams, one of which waits for that word.
void LabRunner::awaitRun(const RunRequest& request, const FrameRelease& release) {
  State& s = *state_;
  const auto releaseStream = [&] { release.page->store(kDoneOffset, release.sequence); };
  LaunchReport report;
  try {
    report = runOnWorker(request, releaseStream);  // releases the stream itself on every failure it names
  } catch (const std::exception& error) {          // the worker broke the protocol, or worse
    releaseStream();
    report.status = LaunchStatus::Fault;
    report.message = error.what();
    report.workerStopped = true;
  }
  s.flight->report = std::move(report);
}

LaunchReport LabRunner::stopWorkerAfter(LaunchStatus status, const std::string& message) {
  state_->stopWorker();
  LaunchReport report;
  report.status = status;
  report.message = message + "; the lab's worker process was ended (the next load starts a new one)";
  report.workerStopped = true;
  return report;
}

LabRunner::FrameCheck LabRunner::checkFrames(const HostFrame* hostIn, const DeviceFrameRef* deviceIn,
                                             const DeviceFrameRef* deviceOut, const ParamValues& values) const {
  KC_REQUIRE(loaded(), "LabRunner: no kernel loaded");
  KC_REQUIRE(values.size() == state_->annotations.params.size(), "LabRunner: one value per @param of the kernel");
  FrameCheck frame;
  const PixelFormat inFormat = hostIn ? hostIn->format : deviceIn->format;
  frame.width = hostIn ? hostIn->width() : deviceIn->width;
  frame.height = hostIn ? hostIn->height() : deviceIn->height;
  KC_REQUIRE(frame.width > 0 && frame.height > 0, "LabRunner: empty frame");
  frame.outFormat = outputFormat(inFormat);
  if (deviceOut)
    KC_REQUIRE(
        deviceOut->width == frame.width && deviceOut->height == frame.height && deviceOut->format == frame.outFormat,
        "LabRunner::runDevice: the output frame must have the input's size and outputFormat(input)");
  return frame;
}

// The worker runs the request; its reply, or its failure, as a report. A fault, a hang or a
// death ends the worker (stopWorkerAfter).
LaunchReport LabRunner::runOnWorker(const RunRequest& request, const std::function<void()>& beforeStopping) {
  State& s = *state_;
  RunReply reply;
  try {
    reply = s.worker->run(request, options_.timeLimitMs);
  } catch (const WorkerError& error) {
    if (beforeStopping) beforeStopping();
    if (error.kind() == WorkerError::Kind::TimedOut)
      return stopWorkerAfter(LaunchStatus::TimedOut,
                             "the kernel did not finish within " + formatMs(options_.timeLimitMs) + " and was stopped");
    if (error.kind() == WorkerError::Kind::Ended) return stopWorkerAfter(LaunchStatus::Fault, error.message());
    s.stopWorker();
    throw;
  }
  LaunchReport report;
  if (reply.outcome != RunOutcome::Finished && beforeStopping) beforeStopping();
  switch (reply.outcome) {
    case RunOutcome::Faulted:
      return stopWorkerAfter(LaunchStatus::Fault, "the kernel faulted (" + reply.status.message + ")");
    case RunOutcome::Refused:
      report.status = LaunchStatus::LaunchFailed;
      report.message = "the launch was refused (" + reply.status.message + ") with blocks of " +
                       std::to_string(request.blockX) + "x" + std::to_string(request.blockY) + " threads";
      return report;
    case RunOutcome::Finished:
      break;
  }
  report.kernelMs = reply.kernelMs;
  report.lines = std::move(reply.lines);
  report.profileNote = std::move(reply.profileNote);
  return report;
}

LaunchReport LabRunner::launch(const HostFrame* hostIn, HostFrame* hostOut, const DeviceFrameRef* deviceIn,
                               const DeviceFrameRef* deviceOut, const ParamValues& values, bool profileLines) {
  settle();
  const FrameCheck frame = checkFrames(hostIn, deviceIn, deviceOut, values);
  State& s = *state_;
  const CurrentDevice current(s.device);
  const PixelFormat inFormat = hostIn ? hostIn->format : deviceIn->format;
  s.prepare(frame.width, frame.height, inFormat, frame.outFormat, options_.checked, /*ordered=*/false);
  if (hostIn)
    copy2D(s.in.origin(), s.in.pitch, hostIn->bytes(), hostIn->pitch(), s.in.rowBytes(), frame.height, *s.stream);
  else
    copy2D(s.in.origin(), s.in.pitch, reinterpret_cast<const void*>(deviceIn->data), deviceIn->pitch, s.in.rowBytes(),
           frame.height, *s.stream);
  if (options_.checked) s.guards.fillIfNeeded(s.out, *s.stream);
  s.stream->synchronize();  // the worker reads the input as soon as it has the request

  const BlockShape block = s.annotations.block;
  LaunchReport report = runOnWorker(
      {s.in.frame(), s.out.frame(), block.x, block.y, packParams(s.annotations.params, values), profileLines, {}});
  if (!report.ok()) return report;
  s.downloadOutput(hostOut, deviceOut, frame.outFormat);
  if (options_.checked) s.guards.enqueueCount(s.out, *s.stream);
  s.stream->synchronize();
  if (options_.checked) {
    if (const std::string writes = s.guards.writes(s.out, *s.stream); !writes.empty()) {
      report.status = LaunchStatus::OutOfBounds;
      report.message = outOfBoundsMessage(frame.width, frame.height, writes);
    }
  }
  return report;
}

}  // namespace kc::lab
