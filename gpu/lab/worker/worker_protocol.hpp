#pragma once
// What kernelcam and the lab's worker process say to each other (message_channel.hpp carries it).
//
// The worker (kernelcam-lab-worker, gpu/lab/cuda/worker/) runs user kernels in a CUDA context of
// its own process. The conversation:
//   worker -> Hello                    first, unasked: ready (with the device's name) or why not
//   Load   -> LoadReply                a cubin and its entry; occupancy at the @block size
//   Map    -> MapReply                 the frame buffers kernelcam exports (CUDA IPC handles);
//                                      replaces the earlier mappings, which the worker closes
//   Run    -> RunReply                 one launch on mapped buffers, timed; after Faulted the
//                                      worker exits (its context is lost). Asked for, the launch
//                                      is profiled per source line (CUPTI's SASS metrics), or
//                                      ordered on the GPU with kernelcam's stream (GpuOrder)
//   Launch -> LaunchReply              an exercise kernel: its arguments (values, and pointers into
//                                      the mapped buffers), its grid and block, launched N times
//                                      with fills between (untimed), each launch timed
//   Quit                               no reply: the worker exits
// The lab's compiler process (kernelcam-lab-compiler, gpu/lab/cuda/compiler/) speaks the same
// protocol with one request of its own:
//   Nvrtc  -> NvrtcReply               one NVRTC compile of a program and its headers
// Plain C++ (no CUDA types: an IPC handle is 64 bytes), so the plumbing is tested without a GPU.
#include <array>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "gpu/lab/line_figures.hpp"
#include "gpu/lab/worker/message_channel.hpp"

namespace kc::lab {

// Raised with each change to a message below: a worker from another build says so at once.
constexpr std::uint32_t kWorkerProtocolVersion = 5;

enum class WorkerMessageType : std::uint32_t {
  Hello = 1,
  Load = 2,
  Map = 3,
  Run = 4,
  Quit = 5,
  Nvrtc = 6,
  Launch = 7,
  LoadReply = 0x102,
  MapReply = 0x103,
  RunReply = 0x104,
  NvrtcReply = 0x106,
  LaunchReply = 0x107,
};

// "LoadReply", or "message type 77" for a type the protocol does not have.
std::string messageTypeName(std::uint32_t type);

// Each message lists its fields once; encode/decode walk them in that order.
#define KC_WORKER_FIELDS(...)                     \
  auto fields() { return std::tie(__VA_ARGS__); } \
  auto fields() const { return std::tie(__VA_ARGS__); }

// A CUDA call's result in the worker: 0 (CUDA_SUCCESS) or its CUresult and text.
struct WorkerStatus {
  std::int32_t code = 0;
  std::string message;  // "cuModuleLoadData: CUDA_ERROR_NO_BINARY_FOR_GPU: no kernel image ..."
  bool ok() const { return code == 0; }
  bool operator==(const WorkerStatus&) const = default;
  KC_WORKER_FIELDS(code, message)
};

struct WorkerHello {
  static constexpr WorkerMessageType kType = WorkerMessageType::Hello;
  std::uint32_t protocol = kWorkerProtocolVersion;
  bool ready = false;
  std::string message;  // ready: the device's name; else why the worker cannot run kernels
  bool operator==(const WorkerHello&) const = default;
  KC_WORKER_FIELDS(protocol, ready, message)
};

struct LoadRequest {
  static constexpr WorkerMessageType kType = WorkerMessageType::Load;
  std::string cubin;
  std::string entry;  // the lowered name
  std::int32_t blockThreads = 0;
  bool operator==(const LoadRequest&) const = default;
  KC_WORKER_FIELDS(cubin, entry, blockThreads)
};

struct LoadReply {
  static constexpr WorkerMessageType kType = WorkerMessageType::LoadReply;
  WorkerStatus status;  // not ok: the earlier kernel (if any) stays loaded
  std::int32_t activeBlocksPerSm = 0;
  std::int32_t maxThreadsPerSm = 0;
  bool operator==(const LoadReply&) const = default;
  KC_WORKER_FIELDS(status, activeBlocksPerSm, maxThreadsPerSm)
};

using IpcHandleBytes = std::array<std::uint8_t, 64>;  // a cudaIpcMemHandle_t

// A device allocation of kernelcam's, as the worker maps it.
struct SharedAllocation {
  std::uint64_t id = 0;  // kernelcam's name for it: unique per allocation, never reused
  IpcHandleBytes handle{};
  std::uint64_t bytes = 0;
  bool operator==(const SharedAllocation&) const = default;
  KC_WORKER_FIELDS(id, handle, bytes)
};

struct MapRequest {
  static constexpr WorkerMessageType kType = WorkerMessageType::Map;
  std::vector<SharedAllocation> allocations;
  // The POSIX shared memory object (shm_open) holding GpuOrder's words, kOrderPageBytes long;
  // kernelcam unlinks the name once the worker replied. Empty: the page mapped before stays (if any).
  std::string orderPage;
  bool operator==(const MapRequest&) const = default;
  KC_WORKER_FIELDS(allocations, orderPage)
};

constexpr std::uint64_t kOrderPageBytes = 4096;

struct MapReply {
  static constexpr WorkerMessageType kType = WorkerMessageType::MapReply;
  WorkerStatus status;  // not ok: nothing is mapped
  bool operator==(const MapReply&) const = default;
  KC_WORKER_FIELDS(status)
};

// A frame inside a mapped allocation: what becomes the kernel's KcInput / KcOutput.
struct FrameInAllocation {
  std::uint64_t allocation = 0;  // SharedAllocation::id
  std::uint64_t offset = 0;      // of pixel (0, 0)
  std::uint64_t pitch = 0;
  std::int32_t width = 0, height = 0, channels = 0;
  // One past the frame's last byte (the allocation must hold it).
  std::uint64_t endOffset() const {
    return offset + pitch * static_cast<std::uint64_t>(height - 1) + static_cast<std::uint64_t>(width) * channels;
  }
  bool operator==(const FrameInAllocation&) const = default;
  KC_WORKER_FIELDS(allocation, offset, pitch, width, height, channels)
};

// A launch ordered with kernelcam's stream on the GPU, not by kernelcam's thread waiting: the
// worker's stream waits until the 64-bit word at `readyOffset` of the order page (MapRequest)
// reaches `sequence` (kernelcam's stream writes it there after copying the input in), and after the
// kernel writes `sequence` to the word at `doneOffset` (kernelcam's stream waits for that before
// copying the output out). Stream memory operations on a page of host memory both processes map
// and register with the driver: an ordering no event across processes gives, and one kernelcam's
// thread can release with a plain store when the worker dies (a release through a stream of
// kernelcam's context could queue behind the very wait it is to end). Sequence 0: not ordered
// (kernelcam finished its copies before sending the request).
struct GpuOrder {
  std::uint64_t readyOffset = 0, doneOffset = 0;
  std::uint64_t sequence = 0;
  bool ordered() const { return sequence != 0; }
  bool operator==(const GpuOrder&) const = default;
  KC_WORKER_FIELDS(readyOffset, doneOffset, sequence)
};

struct RunRequest {
  static constexpr WorkerMessageType kType = WorkerMessageType::Run;
  FrameInAllocation in, out;
  std::int32_t blockX = 16, blockY = 16;  // one thread per output pixel
  std::vector<std::uint32_t> params;      // KcParams' words (packParams)
  bool profileLines = false;              // count per source line (the cubin needs -lineinfo)
  GpuOrder order;
  bool operator==(const RunRequest&) const = default;
  KC_WORKER_FIELDS(in, out, blockX, blockY, params, profileLines, order)
};

// LineFigures (one source line's counts in a profiled Run): gpu/lab/line_figures.hpp.

enum class RunOutcome : std::uint32_t {
  Finished = 0,  // the kernel ran to its end; kernelMs is its time
  Refused = 1,   // the launch was refused (too many registers for the block...); nothing ran
  Faulted = 2,   // the kernel faulted; the worker exits after this reply
};

struct RunReply {
  static constexpr WorkerMessageType kType = WorkerMessageType::RunReply;
  RunOutcome outcome = RunOutcome::Finished;
  WorkerStatus status;
  float kernelMs = 0;              // a profiled launch runs instrumented: slower than usual
  std::vector<LineFigures> lines;  // asked for and available: by file and line
  std::string profileNote;         // asked for and not available: why (no CUPTI, no permission...)
  bool operator==(const RunReply&) const = default;
  KC_WORKER_FIELDS(outcome, status, kernelMs, lines, profileNote)
};

// One parameter of a Launch, as the kernel receives it: its bytes (a value: 4 bytes for an int, 32 for
// a KcInput...). A pointer into a mapped allocation names it: its first 8 bytes then hold an offset
// into that allocation, which the worker replaces with the address in its own mapping.
struct LaunchArgument {
  std::string bytes;
  std::uint64_t allocation = 0;  // 0: a plain value
  bool operator==(const LaunchArgument&) const = default;
  KC_WORKER_FIELDS(bytes, allocation)
};

// 32-bit words written into a mapped allocation before each launch of a Launch (cuMemsetD32Async,
// outside the timed span): outputs back to their starting value, or a scratch buffer written over to
// evict the caches, so every launch starts alike.
struct LaunchFill {
  std::uint64_t allocation = 0;
  std::uint64_t offset = 0;  // bytes, a multiple of 4
  std::uint64_t words = 0;
  std::uint32_t value = 0;
  bool operator==(const LaunchFill&) const = default;
  KC_WORKER_FIELDS(allocation, offset, words, value)
};

// An exercise kernel's launch: the grid and block the student chose, `launches` times in a row (the
// fills before each), each timed with events around the launch alone. Profiled, it launches once.
struct LaunchRequest {
  static constexpr WorkerMessageType kType = WorkerMessageType::Launch;
  std::vector<LaunchArgument> arguments;
  std::uint32_t gridX = 1, gridY = 1, gridZ = 1;
  std::uint32_t blockX = 1, blockY = 1, blockZ = 1;
  std::uint32_t launches = 1;
  std::vector<LaunchFill> fills;
  bool profileLines = false;
  bool operator==(const LaunchRequest&) const = default;
  KC_WORKER_FIELDS(arguments, gridX, gridY, gridZ, blockX, blockY, blockZ, launches, fills, profileLines)
};

struct LaunchReply {
  static constexpr WorkerMessageType kType = WorkerMessageType::LaunchReply;
  RunOutcome outcome = RunOutcome::Finished;
  WorkerStatus status;
  std::vector<float> kernelMs;     // one per launch that finished
  std::vector<LineFigures> lines;  // profiled
  std::string profileNote;
  std::vector<std::string> missingCounters;  // profiled: the optional counters this GPU does not offer
  bool operator==(const LaunchReply&) const = default;
  KC_WORKER_FIELDS(outcome, status, kernelMs, lines, profileNote, missingCounters)
};

// One compile, as NVRTC takes it: the program text and its name, the headers by the names the
// program includes them by, the options, and the name expression of the entry.
struct NvrtcRequest {
  static constexpr WorkerMessageType kType = WorkerMessageType::Nvrtc;
  std::string programName;
  std::string text;
  std::vector<std::string> headerNames;
  std::vector<std::string> headerTexts;
  std::vector<std::string> options;
  std::string nameExpression;
  bool keepPtx = false;
  bool operator==(const NvrtcRequest&) const = default;
  KC_WORKER_FIELDS(programName, text, headerNames, headerTexts, options, nameExpression, keepPtx)
};

struct NvrtcReply {
  static constexpr WorkerMessageType kType = WorkerMessageType::NvrtcReply;
  std::int32_t result = 0;  // nvrtcResult: 0 success, 6 NVRTC_ERROR_COMPILATION (the kernel's errors)
  std::string resultText;   // nvrtcGetErrorString, or the call that failed
  std::string log;          // the front end's and ptxas's, joined
  std::string cubin;
  std::string ptx;  // when asked for
  std::string loweredName;
  double compileMs = 0;     // nvrtcCompileProgram alone, wall time
  double compileCpuMs = 0;  // and the compiler process's CPU time in it
  bool operator==(const NvrtcReply&) const = default;
  KC_WORKER_FIELDS(result, resultText, log, cubin, ptx, loweredName, compileMs, compileCpuMs)
};

struct QuitRequest {
  static constexpr WorkerMessageType kType = WorkerMessageType::Quit;
  std::tuple<> fields() const { return {}; }
};

// Payload bytes of a message, in field order (the two processes are one build on one machine:
// native byte order).
template <class T>
Message encodeMessage(const T& message);

// Throws ChannelError(Malformed) for another type, a short payload or bytes left over.
template <class T>
T decodeMessage(const Message& message);

}  // namespace kc::lab
