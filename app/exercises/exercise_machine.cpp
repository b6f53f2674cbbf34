#include "app/exercises/exercise_machine.hpp"

#include "gpu/plugin/cuda_backend_loader.hpp"

namespace kc {

ExerciseMachine::ExerciseMachine(int device, double timeLimitMs) : device_(device), timeLimitMs_(timeLimitMs) {
  cuda_ = cudaBackend();
  if (!cuda_) {
    whyNoCompiler_ = "checking an exercise needs NVRTC from the CUDA toolkit, which comes with the CUDA backend: " +
                     cudaBackendLoadError();
    return;
  }
  toolchain_.compile = [cuda = cuda_](const lab::KernelSource& source, const lab::CompileOptions& options) {
    return cuda->compileKernel(source, options);
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
    if (!cuda_) {
      whyNoDevice_ = whyNoCompiler_;
    } else if (cuda_->deviceCountOrZero() <= device_) {
      whyNoDevice_ = cuda_->deviceCountOrZero() == 0
                         ? "no CUDA device on this machine"
                         : "CUDA device " + std::to_string(device_) + " does not exist";
    } else {
      try {
        bufferDevice_ = cuda_->makeBufferDevice(device_, timeLimitMs_);
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
