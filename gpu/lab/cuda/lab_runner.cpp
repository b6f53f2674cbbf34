#include "gpu/lab/cuda/lab_runner.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "gpu/core/error.hpp"
#include "gpu/lab/cuda/driver_api.hpp"
#include "gpu/lab/kernel_image_arg.hpp"

namespace kc::lab {
namespace {

using Clock = std::chrono::steady_clock;

// Guards of checked mode: off-by-one rows and columns land in them; a write further out either
// faults or lands in other lab memory (never in the app's: the context is the lab's own).
constexpr int kGuardRows = 8;
constexpr std::size_t kGuardBytesRight = 64;
constexpr unsigned char kGuardByte = 0xA5;
constexpr std::size_t kRowAlignment = 256;  // cudaMallocPitch's alignment on current GPUs

const DriverApi& api() { return driverApi(); }

std::size_t alignUp(std::size_t value, std::size_t alignment) { return (value + alignment - 1) / alignment * alignment; }

int channelsOf(PixelFormat format) { return bytesPerPixel(format); }

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

// A pitched image inside one allocation with `guardRows` rows above and below it.
struct Plane {
  CUdeviceptr base = 0;
  std::size_t pitch = 0;
  int width = 0, height = 0, channels = 0, guardRows = 0;
  std::size_t rowBytes() const { return static_cast<std::size_t>(width) * channels; }
  CUdeviceptr origin() const { return base + guardRows * pitch; }
  std::size_t bytes() const { return pitch * static_cast<std::size_t>(height + 2 * guardRows); }
  KernelImageArg arg() const {
    return {origin(), pitch, width, height, channels, 0};
  }
};

// Host <-> device or device <-> device (one context) 2D copy.
CUDA_MEMCPY2D copy2D(std::size_t widthBytes, int height) {
  CUDA_MEMCPY2D copy{};
  copy.WidthInBytes = widthBytes;
  copy.Height = static_cast<std::size_t>(height);
  return copy;
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

std::string formatMs(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.0f ms", ms);
  return text;
}

// Changed guard bytes of one region, as "N bytes above the output (rows -3..-1)".
struct GuardFindings {
  std::size_t changed = 0;
  int firstRow = 0, lastRow = 0;
  int firstX = 0;  // right guard: the leftmost pixel column written past the row end
  void add(int row) {
    if (changed++ == 0) firstRow = lastRow = row;
    firstRow = std::min(firstRow, row);
    lastRow = std::max(lastRow, row);
  }
};

std::string rowsText(const GuardFindings& f) {
  return f.firstRow == f.lastRow ? "row " + std::to_string(f.firstRow)
                                 : "rows " + std::to_string(f.firstRow) + ".." + std::to_string(f.lastRow);
}

}  // namespace

// One context and everything in it. Destroying the context frees the module, memory, stream and
// events with it, and stops a kernel still running: nothing else is freed one by one, because
// cuMemFree or cuModuleUnload would wait for a kernel that never ends.
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

  // (Re)allocates `plane` for this geometry; called with the context current.
  void shape(Plane& plane, int width, int height, int channels, int guardRows, std::size_t guardRight) {
    const std::size_t pitch = alignUp(static_cast<std::size_t>(width) * channels + guardRight, kRowAlignment);
    if (plane.base && plane.width == width && plane.height == height && plane.channels == channels &&
        plane.guardRows == guardRows && plane.pitch == pitch)
      return;
    if (plane.base) KC_CU_CHECK(api().cuMemFree(plane.base));
    plane = Plane{0, pitch, width, height, channels, guardRows};
    KC_CU_CHECK(api().cuMemAlloc(&plane.base, plane.bytes()));
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

  CUresult fault = CUDA_SUCCESS;
  Wait waited = Wait::Done;
  LaunchReport report;
  std::vector<unsigned char> top, bottom, right;
  {
    ContextScope scope(s.context);
    const int guardRows = options_.checked ? kGuardRows : 0;
    s.shape(s.in, width, height, channelsOf(inFormat), 0, 0);
    s.shape(s.out, width, height, channelsOf(outFormat), guardRows, options_.checked ? kGuardBytesRight : 0);
    const Plane& in = s.in;
    const Plane& out = s.out;

    if (hostIn) {
      CUDA_MEMCPY2D copy = copy2D(in.rowBytes(), height);
      copy.srcMemoryType = CU_MEMORYTYPE_HOST;
      copy.srcHost = hostIn->bytes();
      copy.srcPitch = hostIn->pitch();
      copy.dstMemoryType = CU_MEMORYTYPE_DEVICE;
      copy.dstDevice = in.origin();
      copy.dstPitch = in.pitch;
      KC_CU_CHECK(api().cuMemcpy2DAsync(&copy, s.stream));
    } else {
      if (!s.primary) KC_CU_CHECK(api().cuDevicePrimaryCtxRetain(&s.primary, s.device));
      CUDA_MEMCPY3D_PEER copy{};
      copy.srcMemoryType = CU_MEMORYTYPE_DEVICE;
      copy.srcDevice = deviceIn->data;
      copy.srcContext = s.primary;
      copy.srcPitch = deviceIn->pitch;
      copy.srcHeight = static_cast<std::size_t>(height);
      copy.dstMemoryType = CU_MEMORYTYPE_DEVICE;
      copy.dstDevice = in.origin();
      copy.dstContext = s.context;
      copy.dstPitch = in.pitch;
      copy.dstHeight = static_cast<std::size_t>(height);
      copy.WidthInBytes = in.rowBytes();
      copy.Height = static_cast<std::size_t>(height);
      copy.Depth = 1;
      KC_CU_CHECK(api().cuMemcpy3DPeerAsync(&copy, s.stream));
    }
    if (options_.checked) {
      KC_CU_CHECK(api().cuMemsetD2D8Async(out.base, out.pitch, kGuardByte, out.pitch, kGuardRows, s.stream));
      KC_CU_CHECK(api().cuMemsetD2D8Async(out.origin() + height * out.pitch, out.pitch, kGuardByte, out.pitch,
                                          kGuardRows, s.stream));
      KC_CU_CHECK(api().cuMemsetD2D8Async(out.origin() + out.rowBytes(), out.pitch, kGuardByte,
                                          out.pitch - out.rowBytes(), height, s.stream));
    }

    KernelImageArg inArg = in.arg();
    KernelImageArg outArg = out.arg();
    std::vector<std::uint32_t> params = packParams(s.annotations.params, values);
    void* arguments[] = {&inArg, &outArg, params.data()};
    const BlockShape block = s.annotations.block;
    KC_CU_CHECK(api().cuEventRecord(s.start, s.stream));
    const CUresult launched = api().cuLaunchKernel(
        s.function, static_cast<unsigned>((width + block.x - 1) / block.x),
        static_cast<unsigned>((height + block.y - 1) / block.y), 1, static_cast<unsigned>(block.x),
        static_cast<unsigned>(block.y), 1, 0, s.stream, arguments, nullptr);
    if (launched != CUDA_SUCCESS) {
      report.status = LaunchStatus::LaunchFailed;
      report.message = "the launch was refused (" + driverErrorText(launched) + ") with blocks of " +
                       std::to_string(block.x) + "x" + std::to_string(block.y) + " threads";
      return report;
    }
    KC_CU_CHECK(api().cuEventRecord(s.stop, s.stream));
    const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double, std::milli>(options_.timeLimitMs));
    waited = waitFor(s.stop, deadline, &fault);

    if (waited == Wait::Done) {
      if (hostOut) {
        hostOut->format = outFormat;
        if (outFormat == PixelFormat::Gray8) {
          if (hostOut->gray.width() != width || hostOut->gray.height() != height)
            hostOut->gray = HostImage<std::uint8_t>(width, height);
        } else if (hostOut->rgba.width() != width || hostOut->rgba.height() != height) {
          hostOut->rgba = HostImage<Rgba8>(width, height);
        }
        CUDA_MEMCPY2D copy = copy2D(out.rowBytes(), height);
        copy.srcMemoryType = CU_MEMORYTYPE_DEVICE;
        copy.srcDevice = out.origin();
        copy.srcPitch = out.pitch;
        copy.dstMemoryType = CU_MEMORYTYPE_HOST;
        copy.dstHost = outFormat == PixelFormat::Gray8 ? static_cast<void*>(hostOut->gray.bytes())
                                                        : static_cast<void*>(hostOut->rgba.bytes());
        copy.dstPitch = hostOut->pitch();
        KC_CU_CHECK(api().cuMemcpy2DAsync(&copy, s.stream));
      } else {
        CUDA_MEMCPY3D_PEER copy{};
        copy.srcMemoryType = CU_MEMORYTYPE_DEVICE;
        copy.srcDevice = out.origin();
        copy.srcContext = s.context;
        copy.srcPitch = out.pitch;
        copy.srcHeight = static_cast<std::size_t>(height);
        copy.dstMemoryType = CU_MEMORYTYPE_DEVICE;
        copy.dstDevice = deviceOut->data;
        copy.dstContext = s.primary;
        copy.dstPitch = deviceOut->pitch;
        copy.dstHeight = static_cast<std::size_t>(height);
        copy.WidthInBytes = out.rowBytes();
        copy.Height = static_cast<std::size_t>(height);
        copy.Depth = 1;
        KC_CU_CHECK(api().cuMemcpy3DPeerAsync(&copy, s.stream));
      }
      if (options_.checked) {
        const auto download = [&](std::vector<unsigned char>& host, CUdeviceptr from, std::size_t widthBytes, int rows) {
          host.resize(widthBytes * static_cast<std::size_t>(rows));
          CUDA_MEMCPY2D copy = copy2D(widthBytes, rows);
          copy.srcMemoryType = CU_MEMORYTYPE_DEVICE;
          copy.srcDevice = from;
          copy.srcPitch = out.pitch;
          copy.dstMemoryType = CU_MEMORYTYPE_HOST;
          copy.dstHost = host.data();
          copy.dstPitch = widthBytes;
          KC_CU_CHECK(api().cuMemcpy2DAsync(&copy, s.stream));
        };
        download(top, out.base, out.pitch, kGuardRows);
        download(bottom, out.origin() + height * out.pitch, out.pitch, kGuardRows);
        download(right, out.origin() + out.rowBytes(), out.pitch - out.rowBytes(), height);
      }
      KC_CU_CHECK(api().cuEventRecord(s.done, s.stream));
      waited = waitFor(s.done, Clock::now() + std::chrono::seconds(10), &fault);
      if (waited == Wait::Done) KC_CU_CHECK(api().cuEventElapsedTime(&report.kernelMs, s.start, s.stop));
    }
  }
  if (waited == Wait::Fault) return rebuildAfter(LaunchStatus::Fault, "the kernel faulted (" + driverErrorText(fault) + ")");
  if (waited == Wait::TimedOut)
    return rebuildAfter(LaunchStatus::TimedOut,
                        "the kernel did not finish within " + formatMs(options_.timeLimitMs) + " and was stopped");

  if (options_.checked) {
    const Plane& out = s.out;
    GuardFindings above, below, beside;
    for (std::size_t i = 0; i < top.size(); ++i)
      if (top[i] != kGuardByte) above.add(static_cast<int>(i / out.pitch) - kGuardRows);
    for (std::size_t i = 0; i < bottom.size(); ++i)
      if (bottom[i] != kGuardByte) below.add(height + static_cast<int>(i / out.pitch));
    const std::size_t rightBytes = out.pitch - out.rowBytes();
    beside.firstX = width + static_cast<int>(rightBytes);
    for (std::size_t i = 0; i < right.size(); ++i)
      if (right[i] != kGuardByte) {
        beside.add(static_cast<int>(i / rightBytes));
        beside.firstX = std::min(beside.firstX, width + static_cast<int>(i % rightBytes) / out.channels);
      }
    std::string where;
    const auto describe = [&](const GuardFindings& f, const std::string& place) {
      if (!f.changed) return;
      where += (where.empty() ? "" : ", ") + std::to_string(f.changed) + " bytes " + place + " (" + rowsText(f) + ")";
    };
    describe(above, "above the output");
    describe(below, "below the output");
    describe(beside, "right of the rows, from x = " + std::to_string(beside.firstX));
    if (!where.empty()) {
      report.status = LaunchStatus::OutOfBounds;
      report.message = "out-of-bounds writes into the guard bytes around the " + std::to_string(width) + "x" +
                       std::to_string(height) + " output: " + where;
    }
  }
  return report;
}

}  // namespace kc::lab
