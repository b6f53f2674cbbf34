#pragma once
// What compiling a user kernel produced: its diagnostics, and on success the cubin and what it
// costs. Plain C++ (the compiler that fills it, cuda/nvrtc_compiler.hpp, needs the CUDA toolkit),
// so the window shows diagnostics and resources without including a CUDA header.
#include <string>
#include <vector>

#include "gpu/lab/diagnostic.hpp"
#include "gpu/lab/kernel_analysis.hpp"
#include "gpu/lab/resource_usage.hpp"

namespace kc::lab {

struct CompiledKernel {
  std::string path;
  KernelAnalysis analysis;              // annotations and entry
  int arch = 0;                         // the architecture of `cubin`
  std::string loweredName;              // the entry's name in the cubin (for cuModuleGetFunction)
  std::vector<Diagnostic> diagnostics;  // analysis' and the compiler's, at the user's lines
  std::string cubin;                    // empty when the kernel did not compile
  std::string ptx;                      // when CompileOptions::keepPtx
  ResourceUsage resources;
  double compileMs = 0;     // NVRTC alone: front end, optimiser, ptxas (wall time)
  double compileCpuMs = 0;  // its CPU time (in the lab's compiler process)
  bool cached = false;      // the answer of an identical earlier compile: nothing compiled (compileMs 0)
  bool ok() const { return !cubin.empty() && !hasErrors(diagnostics); }
};

}  // namespace kc::lab
