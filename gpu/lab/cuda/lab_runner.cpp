#include "gpu/lab/cuda/lab_runner.hpp"

#include <cuda_runtime.h>

#include <cstdio>
#include <optional>
#include <vector>

#include "gpu/core/cuda_check.cuh"
#include "gpu/core/error.hpp"
#include "gpu/core/stream.cuh"
#include "gpu/lab/cuda/exported_buffer.hpp"
#include "gpu/lab/guard_report.hpp"
#include "gpu/lab/worker/lab_worker_client.hpp"
#include "gpu/lab/worker/worker_location.hpp"

#ifndef KC_LAB_WORKER_BUILD_PATH  // gpu/CMakeLists.txt passes the build tree's worker
#define KC_LAB_WORKER_BUILD_PATH ""
#endif

namespace kc::lab {
namespace {

// Checked mode's guards (guard_report.hpp) catch off-by-one rows and columns; a write further out
// lands in the buffers' slack or the other shared buffer, or faults: never in kernelcam's other
// memory, which the worker does not map.
constexpr std::size_t kRowAlignment = 256;  // cudaMallocPitch's alignment on current GPUs

std::size_t alignUp(std::size_t value, std::size_t alignment) { return (value + alignment - 1) / alignment * alignment; }

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

// A pitched image inside one exported buffer, with `guardRows` rows above and below it.
struct Plane {
  std::unique_ptr<ExportedBuffer> buffer;
  std::size_t pitch = 0;
  int width = 0, height = 0, channels = 0, guardRows = 0;
  std::size_t rowBytes() const { return static_cast<std::size_t>(width) * channels; }
  std::size_t bytes() const { return pitch * static_cast<std::size_t>(height + 2 * guardRows); }
  unsigned char* base() const { return buffer->data(); }
  unsigned char* origin() const { return base() + guardRows * pitch; }
  unsigned char* rowAfterLast() const { return origin() + height * pitch; }
  std::uint64_t id() const { return buffer ? buffer->shared().id : 0; }
  FrameInAllocation frame() const { return {id(), guardRows * pitch, pitch, width, height, channels}; }
  GuardLayout guardLayout() const { return {width, height, channels, pitch, guardRows}; }
};

void copy2D(void* to, std::size_t toPitch, const void* from, std::size_t fromPitch, std::size_t widthBytes,
            int height, cudaStream_t stream) {
  KC_CUDA_CHECK(cudaMemcpy2DAsync(to, toPitch, from, fromPitch, widthBytes, static_cast<std::size_t>(height),
                                  cudaMemcpyDefault, stream));
}

std::vector<unsigned char> downloadRows(const unsigned char* from, std::size_t pitch, std::size_t widthBytes, int rows,
                                        cudaStream_t stream) {
  std::vector<unsigned char> host(widthBytes * static_cast<std::size_t>(rows));
  if (!host.empty()) copy2D(host.data(), widthBytes, from, pitch, widthBytes, rows, stream);
  return host;
}

std::string formatMs(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.0f ms", ms);
  return text;
}

}  // namespace

// The worker and the buffers it maps. Order matters on the way out: a buffer is freed only once
// the worker has unmapped it or is gone (CUDA's IPC rules), so the worker ends first.
struct LabRunner::State {
  int device = 0;
  std::string workerPath;
  std::optional<Stream> stream;  // kernelcam's copies in and out; made on the runner's device
  Plane in, out;
  std::vector<std::unique_ptr<ExportedBuffer>> retired;  // replaced; the worker may still map them
  std::uint64_t nextAllocationId = 1;

  std::unique_ptr<LabWorkerClient> worker;
  std::uint64_t mappedIn = 0, mappedOut = 0;  // the allocations the worker maps
  bool loaded = false;
  std::shared_ptr<const CompiledKernel> kernel;  // the loaded one, for a new worker after a profile
  KernelAnnotations annotations;
  Occupancy occupancy;
  int workersStopped = 0;

  ~State() {
    if (worker) worker->quit();
    forgetWorker();
  }

  void startWorker() {
    forgetWorker();
    worker = std::make_unique<LabWorkerClient>(workerPath, std::vector<std::string>{"--device", std::to_string(device)});
  }

  // Ends the worker (SIGKILL) after a fault, a hang or its death.
  void stopWorker() {
    if (!worker) return;
    worker->stop();
    ++workersStopped;
    forgetWorker();
  }
  // Ends a worker that did nothing wrong (after a profile, below): not counted as stopped.
  void retireWorker() {
    if (!worker) return;
    worker->stop();
    forgetWorker();
  }

  // Drops a worker that is no longer running. Buffers it may still map (it could not be
  // confirmed gone) are abandoned, never freed.
  void forgetWorker() {
    if (!worker) return;
    if (!worker->gone()) {
      for (Plane* plane : {&in, &out})
        if (plane->buffer) plane->buffer->abandon();
      for (auto& buffer : retired) buffer->abandon();
      in.buffer.reset();
      out.buffer.reset();
    }
    retired.clear();
    worker.reset();
    mappedIn = mappedOut = 0;
    loaded = false;
  }

  // (Re)allocates `plane` for this geometry; the buffer it replaces waits in `retired` until the
  // worker has unmapped it.
  void shape(Plane& plane, int width, int height, int channels, int guardRows, std::size_t guardRight) {
    const std::size_t pitch = alignUp(static_cast<std::size_t>(width) * channels + guardRight, kRowAlignment);
    if (plane.buffer && plane.width == width && plane.height == height && plane.channels == channels &&
        plane.guardRows == guardRows && plane.pitch == pitch)
      return;
    if (plane.buffer) retired.push_back(std::move(plane.buffer));
    Plane shaped{nullptr, pitch, width, height, channels, guardRows};
    shaped.buffer = std::make_unique<ExportedBuffer>(shaped.bytes(), nextAllocationId++);
    plane = std::move(shaped);
  }

  // Has the worker map the current buffers (closing its earlier mappings) when they changed.
  void mapBuffers() {
    if (mappedIn == in.id() && mappedOut == out.id()) return;
    const MapReply reply = worker->map({{in.buffer->shared(), out.buffer->shared()}});
    retired.clear();  // the worker closed every earlier mapping before replying
    mappedIn = mappedOut = 0;
    if (!reply.status.ok())
      throwError(__FILE__, __LINE__, "kernelcam-lab-worker", reply.status.message, reply.status.code);
    mappedIn = in.id();
    mappedOut = out.id();
  }

  void fillGuards() {
    cudaStream_t s = *stream;
    KC_CUDA_CHECK(cudaMemset2DAsync(out.base(), out.pitch, kGuardByte, out.pitch, out.guardRows, s));
    KC_CUDA_CHECK(cudaMemset2DAsync(out.rowAfterLast(), out.pitch, kGuardByte, out.pitch, out.guardRows, s));
    KC_CUDA_CHECK(cudaMemset2DAsync(out.origin() + out.rowBytes(), out.pitch, kGuardByte, out.pitch - out.rowBytes(),
                                    out.height, s));
  }

  GuardBytes downloadGuards() {
    return {downloadRows(out.base(), out.pitch, out.pitch, out.guardRows, *stream),
            downloadRows(out.rowAfterLast(), out.pitch, out.pitch, out.guardRows, *stream),
            downloadRows(out.origin() + out.rowBytes(), out.pitch, out.pitch - out.rowBytes(), out.height, *stream)};
  }

  void downloadOutput(HostFrame* host, const DeviceFrameRef* device, PixelFormat format) {
    if (device) {
      copy2D(reinterpret_cast<void*>(device->data), device->pitch, out.origin(), out.pitch, out.rowBytes(), out.height,
             *stream);
      return;
    }
    host->format = format;
    void* bytes = nullptr;
    if (format == PixelFormat::Gray8) {
      if (host->gray.width() != out.width || host->gray.height() != out.height)
        host->gray = HostImage<std::uint8_t>(out.width, out.height);
      bytes = host->gray.bytes();
    } else {
      if (host->rgba.width() != out.width || host->rgba.height() != out.height)
        host->rgba = HostImage<Rgba8>(out.width, out.height);
      bytes = host->rgba.bytes();
    }
    copy2D(bytes, host->pitch(), out.origin(), out.pitch, out.rowBytes(), out.height, *stream);
  }
};

LabRunner::LabRunner(int device, LabRunnerOptions options) : options_(options), state_(std::make_unique<State>()) {
  state_->device = device;
  state_->workerPath = findLabWorker(KC_LAB_WORKER_BUILD_PATH);
  state_->startWorker();
}

LabRunner::~LabRunner() = default;

void LabRunner::load(const CompiledKernel& kernel) {
  KC_REQUIRE(kernel.ok(), "LabRunner::load: " + kernel.path + " did not compile");
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

bool LabRunner::loaded() const { return state_->loaded && state_->worker && state_->worker->running(); }

Occupancy LabRunner::occupancy() const {
  KC_REQUIRE(loaded(), "LabRunner::occupancy: no kernel loaded");
  return state_->occupancy;
}

int LabRunner::workersStopped() const { return state_->workersStopped; }

PixelFormat LabRunner::outputFormat(PixelFormat input) const {
  KC_REQUIRE(loaded(), "LabRunner::outputFormat: no kernel loaded");
  switch (state_->annotations.output) {
    case OutputFormat::Rgba8: return PixelFormat::Rgba8;
    case OutputFormat::Gray8: return PixelFormat::Gray8;
    case OutputFormat::SameAsInput: break;
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

LaunchReport LabRunner::stopWorkerAfter(LaunchStatus status, const std::string& message) {
  state_->stopWorker();
  LaunchReport report;
  report.status = status;
  report.message = message + "; the lab's worker process was ended (the next load starts a new one)";
  report.workerStopped = true;
  return report;
}

LaunchReport LabRunner::launch(const HostFrame* hostIn, HostFrame* hostOut, const DeviceFrameRef* deviceIn,
                               const DeviceFrameRef* deviceOut, const ParamValues& values, bool profileLines) {
  KC_REQUIRE(loaded(), "LabRunner: no kernel loaded");
  State& s = *state_;
  KC_REQUIRE(values.size() == s.annotations.params.size(), "LabRunner: one value per @param of the kernel");
  const PixelFormat inFormat = hostIn ? hostIn->format : deviceIn->format;
  const int width = hostIn ? hostIn->width() : deviceIn->width;
  const int height = hostIn ? hostIn->height() : deviceIn->height;
  KC_REQUIRE(width > 0 && height > 0, "LabRunner: empty frame");
  const PixelFormat outFormat = outputFormat(inFormat);
  if (deviceOut)
    KC_REQUIRE(deviceOut->width == width && deviceOut->height == height && deviceOut->format == outFormat,
               "LabRunner::runDevice: the output frame must have the input's size and outputFormat(input)");

  const CurrentDevice current(s.device);
  if (!s.stream) s.stream.emplace();
  s.shape(s.in, width, height, bytesPerPixel(inFormat), 0, 0);
  s.shape(s.out, width, height, bytesPerPixel(outFormat), options_.checked ? kGuardRows : 0,
          options_.checked ? kGuardBytesRight : 0);
  try {
    s.mapBuffers();
  } catch (const WorkerError&) {  // the worker failed, not the kernel
    s.stopWorker();
    throw;
  }
  if (hostIn) copy2D(s.in.origin(), s.in.pitch, hostIn->bytes(), hostIn->pitch(), s.in.rowBytes(), height, *s.stream);
  else copy2D(s.in.origin(), s.in.pitch, reinterpret_cast<const void*>(deviceIn->data), deviceIn->pitch, s.in.rowBytes(), height, *s.stream);
  if (options_.checked) s.fillGuards();
  s.stream->synchronize();  // the worker reads the input as soon as it has the request

  const BlockShape block = s.annotations.block;
  RunReply reply;
  try {
    reply = s.worker->run(
        {s.in.frame(), s.out.frame(), block.x, block.y, packParams(s.annotations.params, values), profileLines},
        options_.timeLimitMs);
  } catch (const WorkerError& error) {
    if (error.kind() == WorkerError::Kind::TimedOut)
      return stopWorkerAfter(LaunchStatus::TimedOut,
                             "the kernel did not finish within " + formatMs(options_.timeLimitMs) + " and was stopped");
    if (error.kind() == WorkerError::Kind::Ended) return stopWorkerAfter(LaunchStatus::Fault, error.message());
    s.stopWorker();
    throw;
  }

  LaunchReport report;
  switch (reply.outcome) {
    case RunOutcome::Faulted: return stopWorkerAfter(LaunchStatus::Fault, "the kernel faulted (" + reply.status.message + ")");
    case RunOutcome::Refused:
      report.status = LaunchStatus::LaunchFailed;
      report.message = "the launch was refused (" + reply.status.message + ") with blocks of " +
                       std::to_string(block.x) + "x" + std::to_string(block.y) + " threads";
      return report;
    case RunOutcome::Finished: break;
  }
  report.kernelMs = reply.kernelMs;
  report.lines = std::move(reply.lines);
  report.profileNote = std::move(reply.profileNote);
  s.downloadOutput(hostOut, deviceOut, outFormat);
  GuardBytes guards;
  if (options_.checked) guards = s.downloadGuards();
  s.stream->synchronize();
  if (options_.checked) {
    const std::string writes = describeGuardWrites(s.out.guardLayout(), guards);
    if (!writes.empty()) {
      report.status = LaunchStatus::OutOfBounds;
      report.message = "out-of-bounds writes into the guard bytes around the " + std::to_string(width) + "x" +
                       std::to_string(height) + " output: " + writes;
    }
  }
  return report;
}

}  // namespace kc::lab
