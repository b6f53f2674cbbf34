#pragma once
// Runs exercise kernels (BufferLaunch, gpu/lab/buffer_launch.hpp) in the lab's worker process, as
// LabRunner runs the live stage's: the student's code never runs in kernelcam's CUDA context, so a
// fault or a hang costs the worker alone (killed, and a new one started at the next load). The
// buffers live in kernelcam's context and the worker maps them through CUDA IPC; they are kept from
// run to run (a check runs a dozen launches) and grown when a run needs more.
//
// Each launch has the lab's time limit; a run of N timed launches waits N times that. A profiled
// run goes to a spare worker started ahead in the background, where the kernel is loaded and run once
// (CUPTI counts once per process, and counted nothing for a module that had run before in the same
// worker); that worker then ends and the next spare starts, while the check's own worker stays warm.
#include <cstdint>
#include <memory>
#include <string>

#include "gpu/lab/buffer_launch.hpp"

namespace kc::lab {

class BufferRunner final : public BufferDevice {
 public:
  // Starts the worker for `device` (KC_LAB_WORKER, beside kernelcam, or the build tree's). Throws
  // kc::Error when it is missing or cannot use the device.
  // `profilesAhead`: a second worker is started at once for the first profile (a profile runs in a
  // fresh worker; false: it starts when a profile is asked for).
  explicit BufferRunner(int device = 0, double timeLimitMs = 2000, bool profilesAhead = true);
  ~BufferRunner() override;
  BufferRunner(const BufferRunner&) = delete;
  BufferRunner& operator=(const BufferRunner&) = delete;

  std::string name() const override;
  void load(const CompiledKernel& kernel) override;
  BufferLaunchResult run(const BufferLaunch& launch) override;
  double deviceCopyMs(std::uint64_t bytes) override;

  int workersStopped() const;
  // How many buffers were uploaded from the host so far; the others were restored from the device
  // copy of the same contents (tests).
  int uploadsFromHost() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace kc::lab
