#pragma once
// Compiles a user kernel with NVRTC to a cubin for one architecture, without a GPU: the program
// is program_source.hpp's text, so diagnostics land on the user's lines; ptxas's verbose report
// gives the resource usage. Needs the CUDA toolkit (built only where it exists: KC_HAVE_CUDA).
#include <optional>
#include <string>
#include <vector>

#include "gpu/lab/compiled_kernel.hpp"
#include "gpu/lab/kernel_source.hpp"

namespace kc::lab {

struct CompileOptions {
  int arch = 0;             // compute capability as 90 for sm_90; 0: defaultArch()
  bool keepPtx = false;     // also return the PTX
  std::vector<std::string> includeDirs;  // searched after the kernel file's own folder
};

// Never throws for problems in the kernel (they are diagnostics); throws kc::Error when NVRTC
// itself fails (out of memory, a broken toolkit) and kc::InvalidArgument for an unsupported arch.
CompiledKernel compileKernel(const KernelSource& source, const CompileOptions& options = {});

// NVRTC's version as "13.0", and the architectures it can compile for (75, 80, ... as numbers).
std::string nvrtcVersion();
const std::vector<int>& nvrtcSupportedArchs();

// "sm_90" -> 90; throws kc::InvalidArgument naming the supported ones.
int parseArch(const std::string& text);
// The first CUDA device's compute capability when NVRTC supports it, else sm_90 (the lent H100's,
// and the newest the default build's machine code targets).
int defaultArch();

}  // namespace kc::lab
