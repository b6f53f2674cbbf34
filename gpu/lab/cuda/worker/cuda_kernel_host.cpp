#include "gpu/lab/cuda/worker/cuda_kernel_host.hpp"

#include <sched.h>

#include <chrono>
#include <cstring>
#include <memory>
#include <optional>
#include <string>

#include "gpu/core/error.hpp"
#include "gpu/lab/cuda/worker/line_profiler.hpp"
#include "gpu/lab/kernel_image_arg.hpp"

namespace kc::lab {
namespace {

static_assert(sizeof(CUipcMemHandle) == sizeof(IpcHandleBytes));

WorkerStatus failed(const char* call, CUresult result) {
  return {static_cast<std::int32_t>(result), std::string(call) + ": " + driverErrorText(result)};
}

// A frame the kernel may be given: inside its allocation, with a sane geometry. Anything else is a
// kernelcam bug, refused before the GPU sees it.
bool fits(const FrameInAllocation& frame, std::uint64_t allocationBytes) {
  return frame.width > 0 && frame.height > 0 && (frame.channels == 1 || frame.channels == 4) &&
         frame.pitch >= static_cast<std::uint64_t>(frame.width) * frame.channels &&
         frame.endOffset() <= allocationBytes;
}

RunReply refused(std::int32_t code, std::string message) {
  return {RunOutcome::Refused, {code, std::move(message)}, 0, {}, {}};
}

// The two 64-bit words of a GpuOrder: inside the order page, 8-byte aligned.
bool fitsWord(std::uint64_t offset, std::uint64_t pageBytes) { return offset % 8 == 0 && offset + 8 <= pageBytes; }

// Waits for `event`: polling first (a frame's kernel takes well under a millisecond, and a sleeping
// wait costs a wake-up per frame on the way back to kernelcam), yielding the core to anyone who
// wants it, then sleeping in the driver (a long kernel or a hang costs no core).
CUresult waitFor(const DriverApi& api, CUevent event) {
  constexpr auto kPolling = std::chrono::milliseconds(4);
  const auto until = std::chrono::steady_clock::now() + kPolling;
  for (;;) {
    const CUresult state = api.cuEventQuery(event);
    if (state != CUDA_ERROR_NOT_READY) return state;
    if (std::chrono::steady_clock::now() >= until) return api.cuEventSynchronize(event);
    ::sched_yield();
  }
}

}  // namespace

CudaKernelHost::~CudaKernelHost() {
  if (!api_ || faulted_) return;  // a lost context: the process's exit frees it all
  unmapAll();
  if (module_) (void)api_->cuModuleUnload(module_);
  if (context_) (void)api_->cuDevicePrimaryCtxRelease(device_);  // and the stream and events in it
}

WorkerHello CudaKernelHost::hello() {
  WorkerHello hello;
  try {
    (void)driverApi();
  } catch (const Error& error) {
    hello.message = "no usable CUDA driver (" + error.message() + ")";
    return hello;
  }
  try {
    const DriverApi& api = driverApi();
    int count = 0;
    KC_CU_CHECK(api.cuDeviceGetCount(&count));
    if (deviceIndex_ < 0 || deviceIndex_ >= count) {
      hello.message = count == 0 ? "no CUDA device"
                                 : "CUDA device " + std::to_string(deviceIndex_) + " does not exist (" +
                                       std::to_string(count) + " devices)";
      return hello;
    }
    api_ = &api;
    KC_CU_CHECK(api.cuDeviceGet(&device_, deviceIndex_));
    KC_CU_CHECK(api.cuDevicePrimaryCtxRetain(&context_, device_));
    KC_CU_CHECK(api.cuCtxSetCurrent(context_));
    KC_CU_CHECK(api.cuStreamCreate(&stream_, CU_STREAM_NON_BLOCKING));
    KC_CU_CHECK(api.cuEventCreate(&start_, CU_EVENT_DEFAULT));
    // Past the first milliseconds of polling (waitFor), the worker sleeps while its kernel runs: a
    // long kernel or a hang costs no core beside kernelcam's threads.
    KC_CU_CHECK(api.cuEventCreate(&stop_, CU_EVENT_BLOCKING_SYNC));
    char name[256] = {};
    KC_CU_CHECK(api.cuDeviceGetName(name, sizeof name - 1, device_));
    hello.ready = true;
    hello.message = name;
  } catch (const Error& error) {
    hello.ready = false;
    hello.message = error.call() + ": " + error.message();
  }
  return hello;
}

LoadReply CudaKernelHost::load(const LoadRequest& request) {
  LoadReply reply;
  CUmodule module = nullptr;
  if (const CUresult loaded = api_->cuModuleLoadData(&module, request.cubin.data()); loaded != CUDA_SUCCESS) {
    reply.status = failed("cuModuleLoadData", loaded);
    return reply;
  }
  CUfunction function = nullptr;
  if (const CUresult found = api_->cuModuleGetFunction(&function, module, request.entry.c_str());
      found != CUDA_SUCCESS) {
    (void)api_->cuModuleUnload(module);
    reply.status = failed("cuModuleGetFunction", found);
    return reply;
  }
  int maxThreads = 0;
  CUresult queried =
      api_->cuDeviceGetAttribute(&maxThreads, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, device_);
  if (queried == CUDA_SUCCESS)
    queried =
        api_->cuOccupancyMaxActiveBlocksPerMultiprocessor(&reply.activeBlocksPerSm, function, request.blockThreads, 0);
  if (queried != CUDA_SUCCESS) {
    (void)api_->cuModuleUnload(module);
    reply.status = failed("cuOccupancyMaxActiveBlocksPerMultiprocessor", queried);
    return reply;
  }
  reply.maxThreadsPerSm = maxThreads;
  if (module_) (void)api_->cuModuleUnload(module_);
  module_ = module;
  function_ = function;
  cubin_ = request.cubin;
  entry_ = request.entry;
  return reply;
}

MapReply CudaKernelHost::map(const MapRequest& request) {
  closeAllocations();  // kernelcam frees what it mapped before only after this reply
  if (!request.orderPage.empty()) {
    unmapOrderPage();
    if (const std::string why = mapOrderPage(request.orderPage); !why.empty()) {
      unmapAll();
      return {{-1, why}};
    }
  }
  for (const SharedAllocation& allocation : request.allocations) {
    CUipcMemHandle handle;
    std::memcpy(&handle, allocation.handle.data(), sizeof handle);
    CUdeviceptr base = 0;
    if (const CUresult opened = api_->cuIpcOpenMemHandle(&base, handle, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS);
        opened != CUDA_SUCCESS) {
      unmapAll();
      return {failed("cuIpcOpenMemHandle", opened)};
    }
    mappings_.push_back({allocation.id, base, allocation.bytes});
  }
  return {};
}

RunReply CudaKernelHost::run(const RunRequest& request) {
  if (!function_) return refused(-1, "no kernel is loaded (a kernelcam bug)");
  const Mapping* in = mapping(request.in.allocation);
  const Mapping* out = mapping(request.out.allocation);
  if (!in || !out || !fits(request.in, in->bytes) || !fits(request.out, out->bytes) || request.blockX <= 0 ||
      request.blockY <= 0 || request.params.empty())
    return refused(-1, "a frame outside its shared buffer, or no block (a kernelcam bug)");
  const GpuOrder& order = request.order;
  if (order.ordered() &&
      (!orderPage_ || !fitsWord(order.readyOffset, kOrderPageBytes) || !fitsWord(order.doneOffset, kOrderPageBytes)))
    return refused(-1, "an ordered frame without the order page, or its words outside it (a kernelcam bug)");

  KernelImageArg inArg{
      in->base + request.in.offset, request.in.pitch, request.in.width, request.in.height, request.in.channels, 0};
  KernelImageArg outArg{out->base + request.out.offset,
                        request.out.pitch,
                        request.out.width,
                        request.out.height,
                        request.out.channels,
                        0};
  std::vector<std::uint32_t> params = request.params;
  void* arguments[] = {&inArg, &outArg, params.data()};
  const auto blocks = [](int pixels, int perBlock) {
    return static_cast<unsigned>((pixels + perBlock - 1) / perBlock);
  };

  // Asked for: CUPTI counts this launch per source line (it instruments the kernel, so the time below
  // is the instrumented kernel's).
  std::optional<LineProfileSession> profile;
  if (request.profileLines) profile.emplace(context_, deviceIndex_);

  // Ordered: the input is there once kernelcam's stream has written `sequence` (this waits on the
  // GPU, not here). A refused launch writes nothing to `done`: kernelcam releases its stream itself
  // then, after clearing the output (a frame the kernel never wrote must not be shown as its work).
  CUresult result = CUDA_SUCCESS;
  if (order.ordered())
    result =
        api_->cuStreamWaitValue64(stream_, orderPage_ + order.readyOffset, order.sequence, CU_STREAM_WAIT_VALUE_GEQ);
  if (result == CUDA_SUCCESS) result = api_->cuEventRecord(start_, stream_);
  if (result == CUDA_SUCCESS) {
    const CUresult launched =
        api_->cuLaunchKernel(function_, blocks(outArg.width, request.blockX), blocks(outArg.height, request.blockY), 1,
                             static_cast<unsigned>(request.blockX), static_cast<unsigned>(request.blockY), 1, 0,
                             stream_, arguments, nullptr);
    if (launched != CUDA_SUCCESS) return refused(launched, driverErrorText(launched));
    result = api_->cuEventRecord(stop_, stream_);
  }
  // The write comes after the kernel's writes to the output (the default flags fence them).
  if (result == CUDA_SUCCESS && order.ordered())
    result = api_->cuStreamWriteValue64(stream_, orderPage_ + order.doneOffset, order.sequence,
                                        CU_STREAM_WRITE_VALUE_DEFAULT);
  if (result == CUDA_SUCCESS) result = waitFor(*api_, stop_);  // the time limit is kernelcam's
  RunReply reply;
  if (result == CUDA_SUCCESS) result = api_->cuEventElapsedTime(&reply.kernelMs, start_, stop_);
  if (result != CUDA_SUCCESS) {
    faulted_ = true;
    return {RunOutcome::Faulted, {static_cast<std::int32_t>(result), driverErrorText(result)}, 0, {}, {}};
  }
  if (profile) {
    reply.lines = profile->finish(cubin_, entry_);
    reply.profileNote = profile->note();
  }
  return reply;
}

// An exercise kernel (LaunchRequest): its arguments built from their bytes (pointers made addresses in
// this process's mappings), then `launches` launches in a row, each after the fills and timed alone.
LaunchReply CudaKernelHost::launch(const LaunchRequest& request) {
  LaunchReply reply;
  const auto refuse = [&reply](std::int32_t code, std::string message) {
    reply.outcome = RunOutcome::Refused;
    reply.status = {code, std::move(message)};
    return reply;
  };
  if (!function_) return refuse(-1, "no kernel is loaded (a kernelcam bug)");
  const std::uint32_t launches = request.profileLines ? 1 : request.launches;
  if (launches == 0 || request.gridX == 0 || request.gridY == 0 || request.gridZ == 0 || request.blockX == 0 ||
      request.blockY == 0 || request.blockZ == 0)
    return refuse(-1, "a launch of no blocks or no threads (a kernelcam bug)");

  // Each argument's bytes, 16-byte aligned (the driver copies each by the kernel's parameter size).
  std::vector<std::unique_ptr<std::uint64_t[]>> storage;
  std::vector<void*> arguments;
  for (const LaunchArgument& argument : request.arguments) {
    auto bytes = std::make_unique<std::uint64_t[]>((argument.bytes.size() + 7) / 8 + 1);
    std::memcpy(bytes.get(), argument.bytes.data(), argument.bytes.size());
    if (argument.allocation != 0) {
      const Mapping* m = mapping(argument.allocation);
      std::uint64_t offset = 0;
      if (!m || argument.bytes.size() < sizeof offset)
        return refuse(-1, "a pointer into no mapped buffer (a kernelcam bug)");
      std::memcpy(&offset, argument.bytes.data(), sizeof offset);
      if (offset > m->bytes) return refuse(-1, "a pointer outside its shared buffer (a kernelcam bug)");
      const std::uint64_t address = m->base + offset;
      std::memcpy(bytes.get(), &address, sizeof address);
    }
    arguments.push_back(bytes.get());
    storage.push_back(std::move(bytes));
  }
  for (const LaunchFill& fill : request.fills) {
    const Mapping* m = mapping(fill.allocation);
    if (!m || fill.offset % 4 != 0 || fill.offset + fill.words * 4 > m->bytes)
      return refuse(-1, "a fill outside its shared buffer (a kernelcam bug)");
  }

  std::optional<LineProfileSession> profile;
  if (request.profileLines) profile.emplace(context_, deviceIndex_);
  for (std::uint32_t i = 0; i < launches; ++i) {
    CUresult result = CUDA_SUCCESS;
    // A profiled launch runs without its fills: a memset of a large output is a kernel of the driver's
    // own, and with it in the profiled range CUPTI counted nothing of the user's kernel (seen on the
    // H200 with a 4K image's output). Its output is not checked; the counts are all it is for.
    for (const LaunchFill& fill : request.fills)
      if (result == CUDA_SUCCESS && !request.profileLines)
        result = api_->cuMemsetD32Async(mapping(fill.allocation)->base + fill.offset, fill.value, fill.words, stream_);
    if (result == CUDA_SUCCESS) result = api_->cuEventRecord(start_, stream_);
    if (result == CUDA_SUCCESS) {
      const CUresult launched =
          api_->cuLaunchKernel(function_, request.gridX, request.gridY, request.gridZ, request.blockX, request.blockY,
                               request.blockZ, 0, stream_, arguments.data(), nullptr);
      if (launched != CUDA_SUCCESS) return refuse(launched, driverErrorText(launched));
      result = api_->cuEventRecord(stop_, stream_);
    }
    if (result == CUDA_SUCCESS) result = waitFor(*api_, stop_);  // the time limit is kernelcam's
    float ms = 0;
    if (result == CUDA_SUCCESS) result = api_->cuEventElapsedTime(&ms, start_, stop_);
    if (result != CUDA_SUCCESS) {
      faulted_ = true;
      reply.outcome = RunOutcome::Faulted;
      reply.status = {static_cast<std::int32_t>(result), driverErrorText(result)};
      return reply;
    }
    reply.kernelMs.push_back(ms);
  }
  if (profile) {
    reply.lines = profile->finish(cubin_, entry_);
    reply.profileNote = profile->note();
    reply.missingCounters = profile->missing();
  }
  return reply;
}

const CudaKernelHost::Mapping* CudaKernelHost::mapping(std::uint64_t id) const {
  for (const Mapping& m : mappings_)
    if (m.id == id) return &m;
  return nullptr;
}

// kernelcam's order page (OrderPage): opened by its name, mapped, registered with this context.
std::string CudaKernelHost::mapOrderPage(const std::string& name) {
  try {
    orderHost_ = std::make_unique<SharedPage>(name, kOrderPageBytes, SharedPage::Mode::Open);
  } catch (const Error& error) {
    return error.call() + " " + error.message();
  }
  void* page = orderHost_->data();
  if (const CUresult registered = api_->cuMemHostRegister(page, kOrderPageBytes, CU_MEMHOSTREGISTER_DEVICEMAP);
      registered != CUDA_SUCCESS)
    return failed("cuMemHostRegister", registered).message;
  orderRegistered_ = true;
  if (const CUresult found = api_->cuMemHostGetDevicePointer(&orderPage_, page, 0); found != CUDA_SUCCESS)
    return failed("cuMemHostGetDevicePointer", found).message;
  return {};
}

void CudaKernelHost::unmapAll() {
  closeAllocations();
  unmapOrderPage();
}

void CudaKernelHost::closeAllocations() {
  for (const Mapping& m : mappings_) (void)api_->cuIpcCloseMemHandle(m.base);
  mappings_.clear();
}

void CudaKernelHost::unmapOrderPage() {
  if (orderRegistered_) (void)api_->cuMemHostUnregister(orderHost_->data());
  orderRegistered_ = false;
  orderHost_.reset();
  orderPage_ = 0;
}

}  // namespace kc::lab
