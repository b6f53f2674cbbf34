#pragma once
// Runs a compiled user kernel on the GPU, in a CUDA context of its own.
//
// Why its own context: a user kernel that faults (illegal address) poisons the context it runs
// in, and one that never finishes can only be stopped by destroying its context. In a context of
// its own, both cost the lab alone: LabRunner destroys and recreates its context, and the
// built-in stages, their memory, streams and GL interop (cudart's primary context) keep running.
// The price is one copy in and one out per frame between the two contexts (runDevice).
//
// Every launch has a time limit (default 2 s): the runner waits on an event until then, and a
// kernel still running is reported and its context rebuilt. Checked mode (the lab's default)
// surrounds the output with guard rows above and below and guard bytes right of each row,
// filled with a pattern before the launch and compared after it: writes outside the frame are
// reported with where they landed.
//
// After a fault or a timeout the runner is empty (no kernel loaded): the caller decides whether
// to load the kernel again (after an edit) or leave the stage off.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "gpu/lab/cuda/nvrtc_compiler.hpp"
#include "gpu/lab/kernel_params.hpp"
#include "gpu/pipeline/host_frame.hpp"

namespace kc::lab {

struct LabRunnerOptions {
  double timeLimitMs = 2000;
  bool checked = true;
};

enum class LaunchStatus {
  Ok,
  OutOfBounds,   // finished, but wrote into the guard bytes (checked mode)
  LaunchFailed,  // the launch was refused (e.g. too many registers for the block); nothing ran
  Fault,         // the kernel faulted (illegal address, misaligned access, trap); context rebuilt
  TimedOut,      // still running at the time limit; context rebuilt
};

struct LaunchReport {
  LaunchStatus status = LaunchStatus::Ok;
  std::string message;  // one line for the user; empty when Ok
  float kernelMs = 0;   // the kernel alone (events), when it finished
  bool contextRebuilt = false;
  bool ok() const { return status == LaunchStatus::Ok; }
};

// Theoretical occupancy of the loaded kernel at its @block size on this device.
struct Occupancy {
  int blockThreads = 0;
  int activeBlocksPerSm = 0;
  int activeWarpsPerSm = 0;
  int maxWarpsPerSm = 0;
  double fraction() const { return maxWarpsPerSm ? static_cast<double>(activeWarpsPerSm) / maxWarpsPerSm : 0.0; }
};

// A frame in device memory of cudart's context (the pipeline's), for runDevice.
struct DeviceFrameRef {
  std::uint64_t data = 0;  // device address of pixel (0, 0)
  std::size_t pitch = 0;
  int width = 0, height = 0;
  PixelFormat format = PixelFormat::Rgba8;
};

class LabRunner {
 public:
  // Creates the lab's context on `device`; throws kc::Error without a usable driver or device.
  explicit LabRunner(int device = 0, LabRunnerOptions options = {});
  ~LabRunner();
  LabRunner(const LabRunner&) = delete;
  LabRunner& operator=(const LabRunner&) = delete;

  // Loads the kernel's cubin (replacing the current one). Throws kc::InvalidArgument for a kernel
  // that did not compile and kc::Error when the driver refuses the cubin (another architecture).
  void load(const CompiledKernel& kernel);
  bool loaded() const;
  Occupancy occupancy() const;

  // The frame format the loaded kernel writes for an input of `input`'s format.
  PixelFormat outputFormat(PixelFormat input) const;

  // Host frames in and out (tests, the CLI): uploads, runs, downloads; `out` is (re)shaped.
  LaunchReport run(const HostFrame& in, HostFrame& out, const ParamValues& values);
  // Device frames of cudart's context (the pipeline's): copied into the lab's context, run,
  // copied back. The caller has finished writing `in` (its stream synchronised); `out` has the
  // input's size and outputFormat(in.format).
  LaunchReport runDevice(const DeviceFrameRef& in, const DeviceFrameRef& out, const ParamValues& values);

  const LabRunnerOptions& options() const { return options_; }
  void setOptions(const LabRunnerOptions& options) { options_ = options; }
  int contextRebuilds() const { return rebuilds_; }

 private:
  struct Session;
  LaunchReport launch(const HostFrame* hostIn, HostFrame* hostOut, const DeviceFrameRef* deviceIn,
                      const DeviceFrameRef* deviceOut, const ParamValues& values);
  LaunchReport rebuildAfter(LaunchStatus status, std::string message);

  int device_;
  LabRunnerOptions options_;
  std::unique_ptr<Session> session_;
  int rebuilds_ = 0;
};

}  // namespace kc::lab
