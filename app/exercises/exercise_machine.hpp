#pragma once
// How this process checks exercises (gpu/exercises/exercise_check.hpp): the CUDA backend's
// compiler (NVRTC in the lab's sandboxed compiler process; no GPU needed) and, where a CUDA device
// is usable, a lab worker of its own that runs the kernels. The command line, the lab's Exercises
// panel and the grader each make one.
#include <memory>
#include <string>

#include "gpu/exercises/exercise_check.hpp"

namespace kc {

class DeviceBackend;
class KernelCompilerBackend;
class KernelRunnerBackend;
class RunSession;

class ExerciseMachine {
 public:
  // The compiler, the runner and the devices of `session`'s accelerator. `device` -1: no device
  // wanted (a compile-only check); else the device to run kernels on, each launch within `timeLimitMs`.
  explicit ExerciseMachine(const RunSession& session, int device = 0, double timeLimitMs = 2000);
  ~ExerciseMachine();
  ExerciseMachine(const ExerciseMachine&) = delete;
  ExerciseMachine& operator=(const ExerciseMachine&) = delete;

  // NVRTC is here (a build with CUDA whose backend library loads).
  bool canCompile() const { return compiler_ != nullptr; }
  // Why not, one line.
  const std::string& whyNoCompiler() const { return whyNoCompiler_; }
  // A device runs the kernels; else whyNoDevice() says why ("no CUDA device on this machine").
  bool hasDevice();
  const std::string& whyNoDevice();

  // The toolchain (its device started on first use). Only where canCompile().
  exercises::ExerciseToolchain& toolchain();

 private:
  DeviceBackend* devices_ = nullptr;
  KernelCompilerBackend* compiler_ = nullptr;
  KernelRunnerBackend* runner_ = nullptr;
  int device_ = 0;
  double timeLimitMs_ = 2000;
  std::string whyNoCompiler_;
  bool deviceTried_ = false;
  std::string whyNoDevice_;
  std::unique_ptr<lab::BufferDevice> bufferDevice_;
  exercises::ExerciseToolchain toolchain_;
};

}  // namespace kc
