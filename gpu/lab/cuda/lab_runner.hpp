#pragma once
// Runs a compiled user kernel on the GPU, in a process of its own: kernelcam-lab-worker.
//
// Why a process: a user kernel that faults (illegal address) poisons the CUDA context it runs in,
// and on the lent H100 (driver 580) the error was sticky for the whole process: no new context
// could be created after it, so an in-process "rebuild" cannot work. A kernel that never finishes
// can only be stopped by tearing its context down. In the worker's process, both cost the worker
// alone: LabRunner kills it (SIGKILL; the driver tears its context down, which stops the kernel),
// reports, and starts a new one at the next load(). kernelcam's own CUDA context (cudart's primary
// context, where the built-in stages, their memory, streams and GL interop live) is never touched.
//
// Frames travel through CUDA IPC: LabRunner owns an input and an output buffer in kernelcam's
// context (cudaMalloc, exported with cudaIpcGetMemHandle) that the worker maps. Per frame that is
// one device copy in and one out, as before; the worker reads and writes only those two buffers.
// The request and the reply travel over a socket (gpu/lab/worker/), and every wait has a limit.
//
// The pipeline's frames (submitDevice) are ordered on the GPU, not by kernelcam's thread waiting:
// kernelcam's stream writes a sequence number into a third shared buffer after the input copy, the
// worker's stream waits for it before the kernel and writes it into a second word after, and
// kernelcam's stream waits for that before the output copy (stream memory operations; GpuOrder in
// worker_protocol.hpp). The pipeline's thread goes on with the next frame at once; the worker's
// reply is awaited on a thread of the runner's own, within the time limit, and becomes the report
// the next call returns. A worker that faults, hangs or dies is ended there, and the runner clears
// that frame's output and writes the word itself, so kernelcam's stream never waits on a worker
// that is gone.
//
// Every launch has a time limit (default 2 s): LabRunner waits for the worker's reply until then,
// and a kernel still running is reported and its worker killed. Checked mode (the lab's default)
// surrounds the output with guard rows above and below and guard bytes right of each row, filled
// with a pattern before the launch and compared after it: writes outside the frame are reported
// with where they landed.
//
// After a fault or a timeout the runner is empty (no kernel loaded): the caller decides whether
// to load the kernel again (after an edit: that starts a new worker, a fraction of a second) or
// leave the stage off.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <optional>

#include "gpu/lab/cuda/nvrtc_compiler.hpp"
#include "gpu/lab/kernel_params.hpp"
#include "gpu/lab/occupancy.hpp"
#include "gpu/lab/line_figures.hpp"
#include "gpu/pipeline/host_frame.hpp"

struct CUstream_st;  // cudaStream_t

namespace kc::lab {

struct LabRunnerOptions {
  double timeLimitMs = 2000;
  bool checked = true;
  // submitDevice orders its frames on the GPU where the driver allows (else this thread waits);
  // false: always by this thread waiting (tests of that path).
  bool orderOnGpu = true;
};

enum class LaunchStatus {
  Ok,
  OutOfBounds,   // finished, but wrote into the guard bytes (checked mode)
  LaunchFailed,  // the launch was refused (e.g. too many registers for the block); nothing ran
  Fault,         // the kernel faulted (illegal address, misaligned access, trap) or its worker died
  TimedOut,      // still running at the time limit; its worker was killed
};

struct LaunchReport {
  LaunchStatus status = LaunchStatus::Ok;
  std::string message;         // one line for the user; empty when Ok
  float kernelMs = 0;          // the kernel alone (events), when it finished
  bool workerStopped = false;  // the worker process was ended: the next load() starts a new one
  // profile() only: the launch's figures per source line (the kernel compiled with lineInfo), or
  // why there are none.
  std::vector<LineFigures> lines;
  std::string profileNote;
  bool ok() const { return status == LaunchStatus::Ok; }
};

// A frame in device memory of cudart's context (the pipeline's), for runDevice.
struct DeviceFrameRef {
  std::uint64_t data = 0;  // device address of pixel (0, 0)
  std::size_t pitch = 0;
  int width = 0, height = 0;
  PixelFormat format = PixelFormat::Rgba8;
};

struct RunRequest;    // gpu/lab/worker/worker_protocol.hpp
struct FrameRelease;  // lab_runner.cpp

class LabRunner {
 public:
  // Starts the worker process for `device` (the environment variable KC_LAB_WORKER may name the
  // executable; else it is looked up beside kernelcam, then in the build tree). Throws kc::Error
  // when the worker is missing, or cannot start, or has no usable driver or device.
  explicit LabRunner(int device = 0, LabRunnerOptions options = {});
  ~LabRunner();
  LabRunner(const LabRunner&) = delete;
  LabRunner& operator=(const LabRunner&) = delete;

  // Loads the kernel's cubin (replacing the current one), starting a new worker when the last one
  // was stopped. Throws kc::InvalidArgument for a kernel that did not compile and kc::Error when
  // the driver refuses the cubin (another architecture; the current kernel stays loaded) or the
  // worker cannot start.
  void load(const CompiledKernel& kernel);
  bool loaded() const;
  Occupancy occupancy() const;

  // The frame format the loaded kernel writes for an input of `input`'s format.
  PixelFormat outputFormat(PixelFormat input) const;

  // Host frames in and out (tests, the CLI): uploads, runs, downloads; `out` is (re)shaped.
  LaunchReport run(const HostFrame& in, HostFrame& out, const ParamValues& values);
  // As run(), counted per source line by CUPTI in the worker (line_profiler.hpp): the report's
  // lines, or its profileNote saying why not. The launch runs instrumented (slower); the output
  // is the kernel's as always. CUPTI sets up its counters once per process, so the worker that was
  // profiled then ends and a new one gets the kernel (a fraction of a second).
  LaunchReport profile(const HostFrame& in, HostFrame& out, const ParamValues& values);
  // Device frames of cudart's context (the pipeline's): copied into the buffers the worker maps,
  // run, copied back. The caller has finished writing `in` (its stream synchronised); `out` has
  // the input's size and outputFormat(in.format). Returns when `out` is written.
  LaunchReport runDevice(const DeviceFrameRef& in, const DeviceFrameRef& out, const ParamValues& values);
  // The pipeline's way (the kernel= stage): as runDevice, ordered with `stream` on the GPU: the
  // copy in, the worker's kernel and the copy out run after the work already on `stream` and before
  // the work enqueued on it later. Returns the frame's number without waiting for the GPU; its
  // report comes from takeReport(number). A frame whose kernel faulted, hung or was refused has a
  // black `out`. Where the driver has no stream memory operations, it synchronises `stream` and
  // runs as runDevice.
  std::uint64_t submitDevice(const DeviceFrameRef& in, const DeviceFrameRef& out, const ParamValues& values,
                             CUstream_st* stream);
  // The report of submitted frame `frame`, once (waiting for it when it is the one in flight);
  // nullopt when it was taken already or is too old to be kept. Every other call waits for the
  // frame in flight first, keeping its report for this.
  std::optional<LaunchReport> takeReport(std::uint64_t frame);

  const LabRunnerOptions& options() const { return options_; }
  void setOptions(const LabRunnerOptions& options);
  // Worker processes ended by a fault, a hang or a death (each then replaced at the next load).
  int workersStopped() const;

 private:
  struct State;
  LaunchReport launch(const HostFrame* hostIn, HostFrame* hostOut, const DeviceFrameRef* deviceIn,
                      const DeviceFrameRef* deviceOut, const ParamValues& values, bool profileLines = false);
  struct FrameCheck {
    int width = 0, height = 0;
    PixelFormat outFormat = PixelFormat::Rgba8;
  };
  FrameCheck checkFrames(const HostFrame* hostIn, const DeviceFrameRef* deviceIn, const DeviceFrameRef* deviceOut,
                         const ParamValues& values) const;
  // `beforeStopping` runs first where the run failed (before the worker is stopped).
  LaunchReport runOnWorker(const RunRequest& request, const std::function<void()>& beforeStopping = {});
  void awaitRun(const RunRequest& request, const FrameRelease& release);
  LaunchReport stopWorkerAfter(LaunchStatus status, const std::string& message);
  void settle() const;  // waits for the frame in flight: its report is kept for takeReport()
  bool ordersOnGpu();

  LabRunnerOptions options_;
  std::unique_ptr<State> state_;
};

}  // namespace kc::lab
