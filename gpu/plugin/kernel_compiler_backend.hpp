#pragma once
// The kernel lab's compiler (gpu/lab/cuda/nvrtc_compiler.hpp): user kernels compiled in a process
// of their own. Optional in a backend module (backend_module.hpp): without it the editor, `kernel`,
// `exercise` and `grade` say that nothing compiles here.
#include <string>

#include "gpu/lab/compiled_kernel.hpp"
#include "gpu/lab/cuda/nvrtc_compiler.hpp"  // CompileOptions: plain C++ declarations
#include "gpu/lab/kernel_source.hpp"

namespace kc {

class KernelCompilerBackend {
 public:
  virtual ~KernelCompilerBackend() = default;
  virtual lab::CompiledKernel compileKernel(const lab::KernelSource& source, const lab::CompileOptions& options) = 0;
  virtual void startCompilerProcess() = 0;
  virtual void cancelCompiles() noexcept = 0;
  virtual int compilerProcessId() = 0;  // the running compiler process's pid, or -1
  // How many compiles may run at once, each in a compiler process of its own (the grader's; 1 by default).
  virtual void setCompileParallelism(int processes) = 0;
  virtual std::string nvrtcVersion() = 0;
  virtual int parseArch(const std::string& text) = 0;
  virtual int defaultArch() = 0;
};

}  // namespace kc
