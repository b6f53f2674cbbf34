#include "app/exercises/exercise_machine.hpp"

#include "app/session/run_session.hpp"
#include "gpu/plugin/backend_module.hpp"

namespace kc {

ExerciseMachine::ExerciseMachine(const RunSession& session, int device, double timeLimitMs)
    : devices_(session.devices()),
      compiler_(session.kernelCompiler()),
      runner_(session.kernelRunner()),
      device_(device),
      timeLimitMs_(timeLimitMs) {
  if (!compiler_) {
    const std::string missing = session.acceleratorMissing();
    whyNoCompiler_ = "checking an exercise needs NVRTC from the CUDA toolkit, which comes with the CUDA backend: " +
                     (missing.empty() ? std::string("this backend has no kernel compiler") : missing);
    return;
  }
  toolchain_.compile = [compiler = compiler_](const lab::KernelSource& source, const lab::CompileOptions& options) {
    return compiler->compileKernel(source, options);
  };
  if (device < 0) {
    deviceTried_ = true;
    whyNoDevice_ = "no device asked for";
  }
}

ExerciseMachine::~ExerciseMachine() = default;

bool ExerciseMachine::hasDevice() {
  if (!deviceTried_) {
    deviceTried_ = true;
    const int devices = compiler_ && devices_ ? devices_->deviceCountOrZero() : 0;
    if (!compiler_) {
      whyNoDevice_ = whyNoCompiler_;
    } else if (!runner_ || devices <= device_) {
      whyNoDevice_ = devices == 0 || !runner_ ? "no CUDA device on this machine"
                                              : "CUDA device " + std::to_string(device_) + " does not exist";
    } else {
      try {
        bufferDevice_ = runner_->makeBufferDevice(device_, timeLimitMs_, true);  // the counter goals' profiles
        toolchain_.device = bufferDevice_.get();
      } catch (const std::exception& e) {
        whyNoDevice_ = e.what();
      }
    }
  }
  return bufferDevice_ != nullptr;
}

const std::string& ExerciseMachine::whyNoDevice() {
  (void)hasDevice();
  return whyNoDevice_;
}

exercises::ExerciseToolchain& ExerciseMachine::toolchain() {
  (void)hasDevice();
  return toolchain_;
}

}  // namespace kc
