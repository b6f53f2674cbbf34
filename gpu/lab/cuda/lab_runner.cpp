#include "gpu/lab/cuda/lab_runner.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

#include "gpu/core/error.hpp"
#include "gpu/lab/cuda/driver_api.hpp"
#include "gpu/lab/guard_report.hpp"
#include "gpu/lab/kernel_image_arg.hpp"

namespace kc::lab {
namespace {

using Clock = std::chrono::steady_clock;

// Checked mode's guards (guard_report.hpp) catch off-by-one rows and columns; a write further out
// either faults or lands in other lab memory, never in the app's: the context is the lab's own.
constexpr std::size_t kRowAlignment = 256;  // cudaMallocPitch's alignment on current GPUs

const DriverApi& api() { return driverApi(); }

std::size_t alignUp(std::size_t value, std::size_t alignment) { return (value + alignment - 1) / alignment * alignment; }

// Makes the lab's context current for a scope, then restores whatever was current (cudart's).
class ContextScope {
 public:
  explicit ContextScope(CUcontext context) { KC_CU_CHECK(api().cuCtxPushCurrent(context)); }
  ~ContextScope() {
    CUcontext popped = nullptr;
    (void)api().cuCtxPopCurrent(&popped);
  }
  ContextScope(const ContextScope&) = delete;
  ContextScope& operator=(const ContextScope&) = delete;
};

// A pitched image inside one allocation, with `guardRows` rows above and below it.
struct Plane {
  CUdeviceptr base = 0;
  std::size_t pitch = 0;
  int width = 0, height = 0, channels = 0, guardRows = 0;
  std::size_t rowBytes() const { return static_cast<std::size_t>(width) * channels; }
  CUdeviceptr origin() const { return base + guardRows * pitch; }
  CUdeviceptr rowAfterLast() const { return origin() + height * pitch; }
  std::size_t bytes() const { return pitch * static_cast<std::size_t>(height + 2 * guardRows); }
  KernelImageArg arg() const { return {origin(), pitch, width, height, channels, 0}; }
  GuardLayout guardLayout() const { return {width, height, channels, pitch, guardRows}; }
};

// A 2D copy within one context, host <-> device or device <-> device.
void copy2D(CUmemorytype fromType, const void* fromHost, CUdeviceptr fromDevice, std::size_t fromPitch,
            CUmemorytype toType, void* toHost, CUdeviceptr toDevice, std::size_t toPitch, std::size_t widthBytes,
            int height, CUstream stream) {
  CUDA_MEMCPY2D copy{};
  copy.srcMemoryType = fromType;
  copy.srcHost = fromHost;
  copy.srcDevice = fromDevice;
  copy.srcPitch = fromPitch;
  copy.dstMemoryType = toType;
  copy.dstHost = toHost;
  copy.dstDevice = toDevice;
  copy.dstPitch = toPitch;
  copy.WidthInBytes = widthBytes;
  copy.Height = static_cast<std::size_t>(height);
  KC_CU_CHECK(api().cuMemcpy2DAsync(&copy, stream));
}

// A 2D copy between two contexts of the device (the pipeline's and the lab's).
void copyBetweenContexts(CUdeviceptr from, CUcontext fromContext, std::size_t fromPitch, CUdeviceptr to,
                         CUcontext toContext, std::size_t toPitch, std::size_t widthBytes, int height, CUstream stream) {
  CUDA_MEMCPY3D_PEER copy{};
  copy.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  copy.srcDevice = from;
  copy.srcContext = fromContext;
  copy.srcPitch = fromPitch;
  copy.srcHeight = static_cast<std::size_t>(height);
  copy.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  copy.dstDevice = to;
  copy.dstContext = toContext;
  copy.dstPitch = toPitch;
  copy.dstHeight = static_cast<std::size_t>(height);
  copy.WidthInBytes = widthBytes;
  copy.Height = static_cast<std::size_t>(height);
  copy.Depth = 1;
  KC_CU_CHECK(api().cuMemcpy3DPeerAsync(&copy, stream));
}

std::vector<unsigned char> downloadRows(CUdeviceptr from, std::size_t pitch, std::size_t widthBytes, int rows,
                                        CUstream stream) {
  std::vector<unsigned char> host(widthBytes * static_cast<std::size_t>(rows));
  if (!host.empty())
    copy2D(CU_MEMORYTYPE_DEVICE, nullptr, from, pitch, CU_MEMORYTYPE_HOST, host.data(), 0, widthBytes, widthBytes, rows,
           stream);
  return host;
}

enum class Wait { Done, Fault, TimedOut };

// Polls `event` until it completes, faults or the deadline passes. Short sleeps first: most
// kernels of the lab take well under a millisecond.
Wait waitFor(CUevent event, Clock::time_point deadline, CUresult* error) {
  auto pause = std::chrono::microseconds(20);
  for (;;) {
    const CUresult status = api().cuEventQuery(event);
    if (status == CUDA_SUCCESS) return Wait::Done;
    if (status != CUDA_ERROR_NOT_READY) {
      *error = status;
      return Wait::Fault;
    }
    if (Clock::now() >= deadline) return Wait::TimedOut;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(250));
  }
}

Clock::time_point deadlineIn(double ms) {
  return Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(ms));
}

std::string formatMs(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.0f ms", ms);
  return text;
}

}  // namespace

// One context and everything in it. Destroying the context frees the module, memory, stream and
// events with it, and stops a kernel still running: nothing is freed one by one on the way out,
// because cuMemFree or cuModuleUnload would wait for a kernel that never ends.
struct LabRunner::Session {
  CUdevice device = 0;
  CUcontext context = nullptr;
  CUcontext primary = nullptr;  // cudart's context, retained when runDevice first needs it
  CUstream stream = nullptr;
  CUevent start = nullptr, stop = nullptr, done = nullptr;
  CUmodule module = nullptr;
  CUfunction function = nullptr;
  KernelAnnotations annotations;
  Plane in, out;

  explicit Session(int deviceIndex) {
    KC_CU_CHECK(api().cuDeviceGet(&device, deviceIndex));
    KC_CU_CHECK(api().cuCtxCreate(&context, CU_CTX_SCHED_AUTO, device));  // and makes it current
    CUcontext popped = nullptr;
    try {
      KC_CU_CHECK(api().cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
      KC_CU_CHECK(api().cuEventCreate(&start, CU_EVENT_DEFAULT));
      KC_CU_CHECK(api().cuEventCreate(&stop, CU_EVENT_DEFAULT));
      KC_CU_CHECK(api().cuEventCreate(&done, CU_EVENT_DISABLE_TIMING));
    } catch (...) {
      (void)api().cuCtxPopCurrent(&popped);
      (void)api().cuCtxDestroy(context);
      throw;
    }
    (void)api().cuCtxPopCurrent(&popped);
  }
  ~Session() {
    if (primary) (void)api().cuDevicePrimaryCtxRelease(device);
    (void)api().cuCtxDestroy(context);
  }
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // The steps of a launch, called with the context current.

  // (Re)allocates `plane` for this geometry.
  void shape(Plane& plane, int width, int height, int channels, int guardRows, std::size_t guardRight) {
    const std::size_t pitch = alignUp(static_cast<std::size_t>(width) * channels + guardRight, kRowAlignment);
    if (plane.base && plane.width == width && plane.height == height && plane.channels == channels &&
        plane.guardRows == guardRows && plane.pitch == pitch)
      return;
    if (plane.base) KC_CU_CHECK(api().cuMemFree(plane.base));
    plane = Plane{0, pitch, width, height, channels, guardRows};
    KC_CU_CHECK(api().cuMemAlloc(&plane.base, plane.bytes()));
  }

  void uploadInput(const HostFrame* host, const DeviceFrameRef* pipeline) {
    if (host) {
      copy2D(CU_MEMORYTYPE_HOST, host->bytes(), 0, host->pitch(), CU_MEMORYTYPE_DEVICE, nullptr, in.origin(), in.pitch,
             in.rowBytes(), in.height, stream);
      return;
    }
    if (!primary) KC_CU_CHECK(api().cuDevicePrimaryCtxRetain(&primary, device));
    copyBetweenContexts(pipeline->data, primary, pipeline->pitch, in.origin(), context, in.pitch, in.rowBytes(),
                        in.height, stream);
  }

  void fillGuards() {
    KC_CU_CHECK(api().cuMemsetD2D8Async(out.base, out.pitch, kGuardByte, out.pitch, out.guardRows, stream));
    KC_CU_CHECK(api().cuMemsetD2D8Async(out.rowAfterLast(), out.pitch, kGuardByte, out.pitch, out.guardRows, stream));
    KC_CU_CHECK(api().cuMemsetD2D8Async(out.origin() + out.rowBytes(), out.pitch, kGuardByte,
                                        out.pitch - out.rowBytes(), out.height, stream));
  }

  // Returns the launch's error; nothing was enqueued when it is not CUDA_SUCCESS.
  CUresult launchKernel(const ParamValues& values) {
    KernelImageArg inArg = in.arg();
    KernelImageArg outArg = out.arg();
    std::vector<std::uint32_t> params = packParams(annotations.params, values);
    void* arguments[] = {&inArg, &outArg, params.data()};
    const BlockShape block = annotations.block;
    const auto blocks = [](int pixels, int perBlock) { return static_cast<unsigned>((pixels + perBlock - 1) / perBlock); };
    KC_CU_CHECK(api().cuEventRecord(start, stream));
    const CUresult launched =
        api().cuLaunchKernel(function, blocks(out.width, block.x), blocks(out.height, block.y), 1,
                             static_cast<unsigned>(block.x), static_cast<unsigned>(block.y), 1, 0, stream, arguments, nullptr);
    if (launched == CUDA_SUCCESS) KC_CU_CHECK(api().cuEventRecord(stop, stream));
    return launched;
  }

  void downloadOutput(HostFrame* host, const DeviceFrameRef* pipeline, PixelFormat format) {
    if (pipeline) {
      copyBetweenContexts(out.origin(), context, out.pitch, pipeline->data, primary, pipeline->pitch, out.rowBytes(),
                          out.height, stream);
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
    copy2D(CU_MEMORYTYPE_DEVICE, nullptr, out.origin(), out.pitch, CU_MEMORYTYPE_HOST, bytes, 0, host->pitch(),
           out.rowBytes(), out.height, stream);
  }

  GuardBytes downloadGuards() {
    return {downloadRows(out.base, out.pitch, out.pitch, out.guardRows, stream),
            downloadRows(out.rowAfterLast(), out.pitch, out.pitch, out.guardRows, stream),
            downloadRows(out.origin() + out.rowBytes(), out.pitch, out.pitch - out.rowBytes(), out.height, stream)};
  }
};

LabRunner::LabRunner(int device, LabRunnerOptions options)
    : device_(device), options_(options), session_(std::make_unique<Session>(device)) {}

LabRunner::~LabRunner() = default;

void LabRunner::load(const CompiledKernel& kernel) {
  KC_REQUIRE(kernel.ok(), "LabRunner::load: " + kernel.path + " did not compile");
  if (!session_) session_ = std::make_unique<Session>(device_);
  Session& s = *session_;
  ContextScope scope(s.context);
  CUmodule module = nullptr;
  const CUresult loaded = api().cuModuleLoadData(&module, kernel.cubin.data());
  if (loaded != CUDA_SUCCESS)
    throwError(__FILE__, __LINE__, "cuModuleLoadData",
               driverErrorText(loaded) + " (" + kernel.path + " was compiled for sm_" + std::to_string(kernel.arch) +
                   "; kernelcam kernel check --arch names this GPU's)",
               loaded);
  CUfunction function = nullptr;
  const CUresult found = api().cuModuleGetFunction(&function, module, kernel.loweredName.c_str());
  if (found != CUDA_SUCCESS) {
    (void)api().cuModuleUnload(module);
    KC_CU_CHECK(found);
  }
  if (s.module) (void)api().cuModuleUnload(s.module);
  s.module = module;
  s.function = function;
  s.annotations = kernel.analysis.annotations;
}

bool LabRunner::loaded() const { return session_ && session_->function; }

Occupancy LabRunner::occupancy() const {
  KC_REQUIRE(loaded(), "LabRunner::occupancy: no kernel loaded");
  const Session& s = *session_;
  ContextScope scope(s.context);
  Occupancy occupancy;
  occupancy.blockThreads = s.annotations.block.threads();
  int maxThreads = 0;
  KC_CU_CHECK(api().cuDeviceGetAttribute(&maxThreads, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, s.device));
  KC_CU_CHECK(api().cuOccupancyMaxActiveBlocksPerMultiprocessor(&occupancy.activeBlocksPerSm, s.function,
                                                                 occupancy.blockThreads, 0));
  occupancy.activeWarpsPerSm = occupancy.activeBlocksPerSm * ((occupancy.blockThreads + 31) / 32);
  occupancy.maxWarpsPerSm = maxThreads / 32;
  return occupancy;
}

PixelFormat LabRunner::outputFormat(PixelFormat input) const {
  KC_REQUIRE(loaded(), "LabRunner::outputFormat: no kernel loaded");
  switch (session_->annotations.output) {
    case OutputFormat::Rgba8: return PixelFormat::Rgba8;
    case OutputFormat::Gray8: return PixelFormat::Gray8;
    case OutputFormat::SameAsInput: break;
  }
  return input;
}

LaunchReport LabRunner::run(const HostFrame& in, HostFrame& out, const ParamValues& values) {
  return launch(&in, &out, nullptr, nullptr, values);
}

LaunchReport LabRunner::runDevice(const DeviceFrameRef& in, const DeviceFrameRef& out, const ParamValues& values) {
  return launch(nullptr, nullptr, &in, &out, values);
}

LaunchReport LabRunner::rebuildAfter(LaunchStatus status, std::string message) {
  session_.reset();  // destroys the context: stops the kernel, frees everything in it
  ++rebuilds_;
  session_ = std::make_unique<Session>(device_);
  LaunchReport report;
  report.status = status;
  report.message = std::move(message) + "; the lab's CUDA context was rebuilt";
  report.contextRebuilt = true;
  return report;
}

LaunchReport LabRunner::launch(const HostFrame* hostIn, HostFrame* hostOut, const DeviceFrameRef* deviceIn,
                               const DeviceFrameRef* deviceOut, const ParamValues& values) {
  KC_REQUIRE(loaded(), "LabRunner: no kernel loaded");
  Session& s = *session_;
  KC_REQUIRE(values.size() == s.annotations.params.size(), "LabRunner: one value per @param of the kernel");
  const PixelFormat inFormat = hostIn ? hostIn->format : deviceIn->format;
  const int width = hostIn ? hostIn->width() : deviceIn->width;
  const int height = hostIn ? hostIn->height() : deviceIn->height;
  KC_REQUIRE(width > 0 && height > 0, "LabRunner: empty frame");
  const PixelFormat outFormat = outputFormat(inFormat);
  if (deviceOut)
    KC_REQUIRE(deviceOut->width == width && deviceOut->height == height && deviceOut->format == outFormat,
               "LabRunner::runDevice: the output frame must have the input's size and outputFormat(input)");

  LaunchReport report;
  CUresult fault = CUDA_SUCCESS;
  Wait waited = Wait::Done;
  GuardBytes guards;
  {
    ContextScope scope(s.context);
    s.shape(s.in, width, height, bytesPerPixel(inFormat), 0, 0);
    s.shape(s.out, width, height, bytesPerPixel(outFormat), options_.checked ? kGuardRows : 0,
            options_.checked ? kGuardBytesRight : 0);
    s.uploadInput(hostIn, deviceIn);
    if (options_.checked) s.fillGuards();
    const CUresult launched = s.launchKernel(values);
    if (launched != CUDA_SUCCESS) {
      report.status = LaunchStatus::LaunchFailed;
      report.message = "the launch was refused (" + driverErrorText(launched) + ") with blocks of " +
                       std::to_string(s.annotations.block.x) + "x" + std::to_string(s.annotations.block.y) + " threads";
      return report;
    }
    waited = waitFor(s.stop, deadlineIn(options_.timeLimitMs), &fault);
    if (waited == Wait::Done) {
      s.downloadOutput(hostOut, deviceOut, outFormat);
      if (options_.checked) guards = s.downloadGuards();
      KC_CU_CHECK(api().cuEventRecord(s.done, s.stream));
      waited = waitFor(s.done, deadlineIn(10000), &fault);  // copies only: the kernel has finished
      if (waited == Wait::Done) KC_CU_CHECK(api().cuEventElapsedTime(&report.kernelMs, s.start, s.stop));
    }
  }
  if (waited == Wait::Fault) return rebuildAfter(LaunchStatus::Fault, "the kernel faulted (" + driverErrorText(fault) + ")");
  if (waited == Wait::TimedOut)
    return rebuildAfter(LaunchStatus::TimedOut,
                        "the kernel did not finish within " + formatMs(options_.timeLimitMs) + " and was stopped");
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
