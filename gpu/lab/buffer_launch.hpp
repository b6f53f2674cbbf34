#pragma once
// One launch of an exercise kernel, described in plain C++: the buffers it reads and writes (their
// contents uploaded before the first launch), its arguments in order (values, or pointers into a
// buffer), the fills that put its outputs back before each launch, and the grid and block the
// student chose. What runs it is a BufferDevice: the lab's worker process on the GPU
// (gpu/lab/cuda/buffer_runner.hpp), or a test's stand-in, so the exercises' checks are tested
// without a GPU.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gpu/lab/compiled_kernel.hpp"
#include "gpu/lab/cuda/lab_runner.hpp"  // LaunchStatus: plain C++ declarations
#include "gpu/lab/line_figures.hpp"

namespace kc::lab {

struct BufferLaunch {
  struct Buffer {
    // Uploaded before the first launch (null: nothing to upload, the fills write all of it: an
    // output). Shared and never changed once made: a case's inputs are built once and every
    // submission's launch points at the same bytes, so a device may keep what it uploaded last for
    // this buffer on the device and restore it from there (a kernel may have written its inputs)
    // instead of uploading the same bytes again.
    std::shared_ptr<const std::vector<std::uint8_t>> contents;
    std::uint64_t bytes = 0;  // the buffer's size (at least the contents')
    bool readBack = false;    // downloaded after the last launch
  };
  // A parameter's bytes as the kernel receives it; with `buffer` >= 0 it is a pointer: its first 8
  // bytes hold an offset into that buffer.
  struct Argument {
    std::string bytes;
    int buffer = -1;
  };
  // 32-bit words written before each launch (not timed): an output's starting value.
  struct Fill {
    int buffer = 0;
    std::uint64_t offset = 0;  // bytes, a multiple of 4
    std::uint64_t words = 0;
    std::uint32_t value = 0;
  };
  std::vector<Buffer> buffers;
  std::vector<Argument> arguments;
  std::vector<Fill> fills;
  std::array<std::uint32_t, 3> grid{1, 1, 1}, block{1, 1, 1};
  int launches = 1;           // each timed alone; the buffers are read back after the last
  bool profileLines = false;  // one launch counted per source line (the cubin needs line info)
  bool evictCaches = false;   // before each launch, write over a scratch buffer twice the L2's size
};

struct BufferLaunchResult {
  LaunchStatus status = LaunchStatus::Ok;  // Ok, LaunchFailed, Fault or TimedOut
  std::string message;                     // one line for the user; empty when Ok
  bool workerStopped = false;
  std::vector<float> kernelMs;                     // one per launch
  std::vector<std::vector<std::uint8_t>> buffers;  // after the last launch: readBack ones, others empty
  std::vector<LineFigures> lines;                  // profiled
  std::string profileNote;                         // profiled and no figures: why
  std::vector<std::string> missingCounters;        // profiled: counters this GPU does not offer
  bool ok() const { return status == LaunchStatus::Ok; }
};

// Argument helpers: a value's bytes, a pointer into buffer `buffer` at `offset`.
template <class T>
BufferLaunch::Argument valueArgument(const T& value) {
  return {std::string(reinterpret_cast<const char*>(&value), sizeof value), -1};
}
BufferLaunch::Argument pointerArgument(int buffer, std::uint64_t offset = 0);

class BufferDevice {
 public:
  virtual ~BufferDevice() = default;
  virtual std::string name() const = 0;  // "NVIDIA H200"
  // The kernel every later run() launches. Throws kc::Error where the device refuses it.
  virtual void load(const CompiledKernel& kernel) = 0;
  // Never throws for what the kernel does (a fault, a hang, a refused launch: the result says);
  // throws kc::Error when the device itself fails.
  virtual BufferLaunchResult run(const BufferLaunch& launch) = 0;
  // The median time of a device-to-device copy of `bytes` (reads `bytes`, writes `bytes`): no kernel
  // that must move that much can be much faster.
  virtual double deviceCopyMs(std::uint64_t bytes) = 0;
};

}  // namespace kc::lab
