#pragma once
// kernel=PATH[:NAME=VALUE]...: a user's CUDA kernel as a stage (the kernel lab, docs/KERNEL-LAB.md).
#include <memory>

#include "gpu/lab/kernel_params.hpp"
#include "gpu/lab/kernel_program.hpp"
#include "gpu/pipeline/stage.hpp"

namespace kc::stages {

// The program the stage runs (the editor's version of the file, or the file's) and the values of
// its @params, checked against their ranges when the stage was parsed.
struct KernelStageConfig : StageConfig {
  std::shared_ptr<const lab::KernelProgram> program;
  lab::ParamValues values;
};

}  // namespace kc::stages
