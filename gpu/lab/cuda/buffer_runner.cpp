#include "gpu/lab/cuda/buffer_runner.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <future>
#include <map>
#include <optional>
#include <vector>

#include "gpu/core/cuda_check.cuh"
#include "gpu/core/device_buffer.cuh"
#include "gpu/core/error.hpp"
#include "gpu/core/stream.cuh"
#include "gpu/lab/cuda/exported_buffer.hpp"
#include "gpu/lab/worker/lab_worker_client.hpp"
#include "gpu/lab/worker/worker_location.hpp"

#ifndef KC_LAB_WORKER_BUILD_PATH  // gpu/CMakeLists.txt passes the build tree's worker
#define KC_LAB_WORKER_BUILD_PATH ""
#endif

namespace kc::lab {
namespace {

std::string formatMs(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.0f ms", ms);
  return text;
}

constexpr int kCopyRepetitions = 11;

}  // namespace

struct BufferRunner::State {
  int device = 0;
  double timeLimitMs = 2000;
  std::string workerPath;
  std::optional<Stream> stream;  // the uploads and downloads, in this process's context
  std::unique_ptr<LabWorkerClient> worker;
  // The next profile's worker, started ahead on a thread of its own (a worker's start is mostly
  // CUDA's set-up): a profile runs in a fresh process, its kernel loaded and run there once (CUPTI
  // sets its counters up once per process, and counted nothing for a module that had already run in
  // the worker, seen on the H200), and the check's own worker stays warm.
  std::future<std::unique_ptr<LabWorkerClient>> spare;
  std::string deviceName;
  std::shared_ptr<const CompiledKernel> kernel;  // the kernel to (re)load into a new worker
  bool loaded = false;                           // into the running worker
  // The buffers the worker maps: one per BufferLaunch buffer (grown, never shrunk), and the scratch
  // buffer cache eviction writes over. Replaced ones wait in `retired` until the worker unmapped them.
  std::vector<std::unique_ptr<ExportedBuffer>> slots;
  std::unique_ptr<ExportedBuffer> scratch;
  std::vector<std::unique_ptr<ExportedBuffer>> retired;
  bool mapped = false;
  std::uint64_t nextId = 1;
  int workersStopped = 0;
  std::map<std::uint64_t, double> copyMs;  // deviceCopyMs by size
  // Device copies of the contents uploaded before, while those contents live (a grade's cases live
  // for the whole class): the next launch of the same contents (the next submission on the same
  // case) restores its buffer from there, a device-to-device copy, instead of uploading the bytes
  // again from pageable memory (a 4K frame is 33 MB, a dot product's inputs 128 MB). Restored every
  // launch: a kernel may write its inputs. Keyed by the contents' address, checked against the owner.
  struct Pristine {
    std::weak_ptr<const std::vector<std::uint8_t>> from;
    std::unique_ptr<DeviceBuffer<unsigned char>> copy;
  };
  std::map<const void*, Pristine> pristine;
  std::uint64_t pristineBytes = 0;
  static constexpr std::uint64_t kPristineLimit = std::uint64_t{2} << 30;  // beyond it: uploads as before
  int uploadsFromHost = 0;  // tests: how many buffers came from the host, not a pristine copy

  ~State() {
    if (worker) worker->quit();
    forgetWorker();
    if (spare.valid()) {
      try {
        if (auto w = spare.get()) w->quit();
      } catch (const std::exception&) {  // it never started: nothing to end
      }
    }
  }

  std::unique_ptr<LabWorkerClient> newWorker() const {
    return std::make_unique<LabWorkerClient>(workerPath, std::vector<std::string>{"--device", std::to_string(device)});
  }

  void startWorker() {
    forgetWorker();
    worker = newWorker();
    deviceName = worker->deviceName();
  }

  void startSpare() {
    spare = std::async(std::launch::async, [this] { return newWorker(); });
  }

  std::unique_ptr<LabWorkerClient> takeSpare() {
    if (!spare.valid()) return newWorker();
    std::unique_ptr<LabWorkerClient> taken = spare.get();  // rethrows why it could not start
    return taken;
  }

  // Drops a worker no longer running; memory it may still map (not confirmed gone) is abandoned.
  void forgetWorker() {
    if (!worker) return;
    if (!worker->gone()) {
      for (auto& slot : slots)
        if (slot) slot->abandon();
      if (scratch) scratch->abandon();
      for (auto& buffer : retired) buffer->abandon();
      slots.clear();
      scratch.reset();
    }
    retired.clear();
    worker.reset();
    mapped = false;
    loaded = false;
  }

  void stopWorker() {
    if (!worker) return;
    worker->stop();
    ++workersStopped;
    forgetWorker();
  }

  void ensureLoaded() {
    if (!worker || !worker->running()) startWorker();
    if (loaded) return;
    KC_REQUIRE(kernel != nullptr, "BufferRunner::run: no kernel loaded");
    LoadReply reply;
    try {
      reply = worker->load({kernel->cubin, kernel->loweredName, kernel->analysis.annotations.block.threads()});
    } catch (const WorkerError&) {
      stopWorker();
      throw;
    }
    if (!reply.status.ok())
      throwError(
          __FILE__, __LINE__, "kernelcam-lab-worker",
          reply.status.message + " (" + kernel->path + " was compiled for sm_" + std::to_string(kernel->arch) + ")",
          reply.status.code);
    loaded = true;
  }

  // Buffers of at least these sizes (and the scratch buffer when asked), mapped by the worker.
  void prepare(const BufferLaunch& launch) {
    bool changed = !mapped;
    if (slots.size() < launch.buffers.size()) slots.resize(launch.buffers.size());
    for (std::size_t i = 0; i < launch.buffers.size(); ++i) {
      const std::size_t need = std::max<std::size_t>(launch.buffers[i].bytes, 4);
      if (slots[i] && slots[i]->bytes() >= need) continue;
      if (slots[i]) retired.push_back(std::move(slots[i]));
      slots[i] = std::make_unique<ExportedBuffer>(need, nextId++);
      changed = true;
    }
    if (launch.evictCaches && !scratch) {
      int l2 = 0;
      KC_CUDA_CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
      scratch = std::make_unique<ExportedBuffer>(std::max<std::size_t>(2 * static_cast<std::size_t>(l2), 4), nextId++);
      changed = true;
    }
    if (!changed) return;
    MapReply reply;
    try {
      reply = worker->map(mapRequest());
    } catch (const WorkerError&) {
      stopWorker();
      throw;
    }
    retired.clear();  // the worker closed every earlier mapping before replying
    mapped = reply.status.ok();
    if (!mapped) {
      stopWorker();
      throwError(__FILE__, __LINE__, "kernelcam-lab-worker", reply.status.message, reply.status.code);
    }
  }

  MapRequest mapRequest() const {
    MapRequest request;
    for (const auto& slot : slots)
      if (slot) request.allocations.push_back(slot->shared());
    if (scratch) request.allocations.push_back(scratch->shared());
    return request;
  }

  LaunchRequest request(const BufferLaunch& launch) const {
    LaunchRequest request;
    for (const BufferLaunch::Argument& argument : launch.arguments) {
      KC_REQUIRE(argument.buffer < static_cast<int>(launch.buffers.size()),
                 "BufferLaunch: an argument names no buffer");
      request.arguments.push_back(
          {argument.bytes, argument.buffer >= 0 ? slots[static_cast<std::size_t>(argument.buffer)]->shared().id : 0});
    }
    if (launch.evictCaches) request.fills.push_back({scratch->shared().id, 0, scratch->bytes() / 4, 0x5a5a5a5au});
    for (const BufferLaunch::Fill& fill : launch.fills) {
      KC_REQUIRE(fill.buffer >= 0 && fill.buffer < static_cast<int>(launch.buffers.size()) &&
                     fill.offset + fill.words * 4 <= std::max<std::size_t>(launch.buffers[fill.buffer].bytes, 4),
                 "BufferLaunch: a fill outside its buffer");
      request.fills.push_back(
          {slots[static_cast<std::size_t>(fill.buffer)]->shared().id, fill.offset, fill.words, fill.value});
    }
    request.gridX = launch.grid[0];
    request.gridY = launch.grid[1];
    request.gridZ = launch.grid[2];
    request.blockX = launch.block[0];
    request.blockY = launch.block[1];
    request.blockZ = launch.block[2];
    request.launches = static_cast<std::uint32_t>(std::max(1, launch.launches));
    request.profileLines = launch.profileLines;
    return request;
  }

  // The launch's inputs uploaded, and finished before the worker hears of the launch: cudaMemcpy from
  // pageable memory may return before its DMA has landed, and the worker's fills and kernel then raced
  // with it (seen on the H200 with eight runners at once: outputs read back as the poison uploaded).
  void upload(const BufferLaunch& launch) {
    if (!stream) stream.emplace();
    sweepPristine();
    for (std::size_t i = 0; i < launch.buffers.size(); ++i) {
      const auto& contents = launch.buffers[i].contents;
      if (!contents || contents->empty()) continue;
      KC_REQUIRE(contents->size() <= launch.buffers[i].bytes, "BufferLaunch: contents larger than their buffer");
      const auto found = pristine.find(contents.get());
      if (found != pristine.end() && found->second.from.lock() == contents) {
        KC_CUDA_CHECK(cudaMemcpyAsync(slots[i]->data(), found->second.copy->data(), contents->size(),
                                      cudaMemcpyDeviceToDevice, *stream));
        continue;
      }
      ++uploadsFromHost;
      KC_CUDA_CHECK(
          cudaMemcpyAsync(slots[i]->data(), contents->data(), contents->size(), cudaMemcpyHostToDevice, *stream));
      if (found != pristine.end()) {  // its contents ended since the sweep; these have the address now
        pristineBytes -= found->second.copy->size();
        pristine.erase(found);
      }
      if (pristineBytes + contents->size() > kPristineLimit) continue;
      Pristine kept{contents, nullptr};
      try {
        kept.copy = std::make_unique<DeviceBuffer<unsigned char>>(contents->size());
      } catch (const Error&) {  // no room on the device for a copy: this buffer uploads every time
        cudaGetLastError();
        continue;
      }
      KC_CUDA_CHECK(
          cudaMemcpyAsync(kept.copy->data(), slots[i]->data(), contents->size(), cudaMemcpyDeviceToDevice, *stream));
      pristineBytes += contents->size();
      pristine.emplace(contents.get(), std::move(kept));
    }
    stream->synchronize();
  }

  // The device copies of contents that are gone (a check's cases after the check).
  void sweepPristine() {
    for (auto it = pristine.begin(); it != pristine.end();)
      if (it->second.from.expired()) {
        pristineBytes -= it->second.copy->size();
        it = pristine.erase(it);
      } else {
        ++it;
      }
  }

  // A profile's worker: the spare one, with the kernel loaded and the same buffers mapped.
  std::unique_ptr<LabWorkerClient> startProfiler() {
    std::unique_ptr<LabWorkerClient> profiler = takeSpare();
    const LoadReply loaded =
        profiler->load({kernel->cubin, kernel->loweredName, kernel->analysis.annotations.block.threads()});
    const MapReply mapping = loaded.status.ok() ? profiler->map(mapRequest()) : MapReply{loaded.status};
    if (!mapping.status.ok()) {
      profiler->stop();
      startSpare();
      throwError(__FILE__, __LINE__, "kernelcam-lab-worker", mapping.status.message, mapping.status.code);
    }
    return profiler;
  }

  // Ends the profile's worker (its CUPTI is spent) and starts the next one; a buffer it may still map
  // (not confirmed gone) is never freed.
  void endProfiler(std::unique_ptr<LabWorkerClient>& profiler) {
    if (!profiler) return;
    profiler->stop();
    if (!profiler->gone()) {
      for (auto& slot : slots)
        if (slot) slot->abandon();
      if (scratch) scratch->abandon();
      slots.clear();
      scratch.reset();
      mapped = false;
    }
    profiler.reset();
    startSpare();
  }

  // A finished launch's figures, and the buffers it reads back.
  BufferLaunchResult finishedResult(const BufferLaunch& launch, LaunchReply& reply) {
    BufferLaunchResult result;
    result.kernelMs = std::move(reply.kernelMs);
    result.lines = std::move(reply.lines);
    result.profileNote = std::move(reply.profileNote);
    result.missingCounters = std::move(reply.missingCounters);
    result.buffers.resize(launch.buffers.size());
    for (std::size_t i = 0; i < launch.buffers.size(); ++i) {
      if (!launch.buffers[i].readBack) continue;
      result.buffers[i].resize(launch.buffers[i].bytes);
      if (!result.buffers[i].empty())
        KC_CUDA_CHECK(cudaMemcpyAsync(result.buffers[i].data(), slots[i]->data(), result.buffers[i].size(),
                                      cudaMemcpyDeviceToHost, *stream));
    }
    stream->synchronize();
    return result;
  }

  BufferLaunchResult stopAfter(LaunchStatus status, const std::string& message) {
    stopWorker();
    BufferLaunchResult result;
    result.status = status;
    result.message = message + "; the lab's worker process was ended (the next run starts a new one)";
    result.workerStopped = true;
    return result;
  }
};

BufferRunner::BufferRunner(int device, double timeLimitMs, bool profilesAhead) : state_(std::make_unique<State>()) {
  state_->device = device;
  state_->timeLimitMs = timeLimitMs;
  state_->workerPath = findLabWorker(KC_LAB_WORKER_BUILD_PATH);
  state_->startWorker();
  if (profilesAhead) state_->startSpare();
}

BufferRunner::~BufferRunner() = default;

std::string BufferRunner::name() const { return state_->deviceName; }

int BufferRunner::workersStopped() const { return state_->workersStopped; }

int BufferRunner::uploadsFromHost() const { return state_->uploadsFromHost; }

void BufferRunner::load(const CompiledKernel& kernel) {
  KC_REQUIRE(kernel.ok(), "BufferRunner::load: " + kernel.path + " did not compile");
  State& s = *state_;
  s.kernel = std::make_shared<const CompiledKernel>(kernel);
  s.loaded = false;
  s.ensureLoaded();  // a refused cubin is the caller's error now, not at the first run
}

BufferLaunchResult BufferRunner::run(const BufferLaunch& launch) {
  State& s = *state_;
  KC_CUDA_CHECK(cudaSetDevice(s.device));
  s.ensureLoaded();
  s.prepare(launch);
  s.upload(launch);
  const LaunchRequest request = s.request(launch);
  const double limitMs = s.timeLimitMs * request.launches;
  // A profile: in the spare worker, which maps the same buffers and then ends.
  std::unique_ptr<LabWorkerClient> profiler;
  if (launch.profileLines) profiler = s.startProfiler();
  LabWorkerClient& runner = profiler ? *profiler : *s.worker;
  LaunchReply reply;
  try {
    reply = runner.launch(request, limitMs);
  } catch (const WorkerError& error) {
    if (profiler) {
      s.endProfiler(profiler);
      BufferLaunchResult result;
      result.status = error.kind() == WorkerError::Kind::TimedOut ? LaunchStatus::TimedOut : LaunchStatus::Fault;
      result.message = error.message();
      return result;
    }
    if (error.kind() == WorkerError::Kind::TimedOut)
      return s.stopAfter(LaunchStatus::TimedOut,
                         "the kernel did not finish within " + formatMs(s.timeLimitMs) + " and was stopped");
    if (error.kind() == WorkerError::Kind::Ended) return s.stopAfter(LaunchStatus::Fault, error.message());
    s.stopWorker();
    throw;
  }
  BufferLaunchResult result;
  if (profiler && reply.outcome != RunOutcome::Finished) {
    s.endProfiler(profiler);
    result.status = reply.outcome == RunOutcome::Faulted ? LaunchStatus::Fault : LaunchStatus::LaunchFailed;
    result.message = reply.status.message;
    return result;
  }
  switch (reply.outcome) {
    case RunOutcome::Faulted:
      return s.stopAfter(LaunchStatus::Fault, "the kernel faulted (" + reply.status.message + ")");
    case RunOutcome::Refused:
      result.status = LaunchStatus::LaunchFailed;
      result.message = "the launch was refused (" + reply.status.message + ") with a grid of " +
                       std::to_string(request.gridX) + "x" + std::to_string(request.gridY) + "x" +
                       std::to_string(request.gridZ) + " blocks of " + std::to_string(request.blockX) + "x" +
                       std::to_string(request.blockY) + "x" + std::to_string(request.blockZ) + " threads";
      return result;
    case RunOutcome::Finished:
      break;
  }
  result = s.finishedResult(launch, reply);
  s.endProfiler(profiler);
  return result;
}

double BufferRunner::deviceCopyMs(std::uint64_t bytes) {
  State& s = *state_;
  bytes = std::max<std::uint64_t>(bytes, 4);
  if (const auto found = s.copyMs.find(bytes); found != s.copyMs.end()) return found->second;
  KC_CUDA_CHECK(cudaSetDevice(s.device));
  const Stream stream;
  DeviceBuffer<unsigned char> from(bytes), to(bytes);
  KC_CUDA_CHECK(cudaMemsetAsync(from.data(), 1, bytes, stream));
  std::vector<float> times;
  for (int i = 0; i < kCopyRepetitions + 1; ++i) {
    EventTimer timer;
    timer.start(stream);
    KC_CUDA_CHECK(cudaMemcpyAsync(to.data(), from.data(), bytes, cudaMemcpyDeviceToDevice, stream));
    timer.stop(stream);
    const float ms = timer.elapsedMs();
    if (i > 0) times.push_back(ms);  // the first warms up
  }
  std::nth_element(times.begin(), times.begin() + times.size() / 2, times.end());
  return s.copyMs[bytes] = times[times.size() / 2];
}

}  // namespace kc::lab
