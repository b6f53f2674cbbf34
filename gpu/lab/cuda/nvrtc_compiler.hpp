#pragma once
// Compiles a user kernel with NVRTC to a cubin for one architecture, without a GPU: the program
// is program_source.hpp's text, so diagnostics land on the user's lines; ptxas's verbose report
// gives the resource usage. Needs the CUDA toolkit (built only where it exists: KC_HAVE_CUDA).
//
// The source is untrusted: NVRTC runs in the lab's compiler process (compiler_service.hpp),
// never in kernelcam, under CompileLimits, with the headers kernelcam read from the kernel's
// folder (kernel_includes.hpp) and no file system of its own.
#include <optional>
#include <string>
#include <vector>

#include "gpu/lab/compile_limits.hpp"
#include "gpu/lab/compiled_kernel.hpp"
#include "gpu/lab/entry_contract.hpp"
#include "gpu/lab/kernel_source.hpp"

namespace kc::lab {

struct CompileOptions {
  int arch = 0;           // compute capability as 90 for sm_90; 0: defaultArch()
  bool keepPtx = false;   // also return the PTX
  bool lineInfo = false;  // -lineinfo: the cubin maps instructions to lines (a per-line profile); same code
  std::optional<CompileLimits> limits;    // unset: compileLimitsFromEnvironment()
  std::optional<EntryContract> contract;  // unset: the live stage's (imageContract())
  bool useCache = true;  // an identical earlier compile's answer (worker/compile_cache.hpp); off to time NVRTC
};

// Never throws for problems in the kernel (they are diagnostics, and so is a compile stopped at
// its time or memory limit: `PATH: error: the compile did not finish within 10 s ...`); throws
// kc::Error when NVRTC or the compiler process itself fails (missing, a broken toolkit) and
// kc::InvalidArgument for an unsupported arch or a bad KC_COMPILE_* variable.
CompiledKernel compileKernel(const KernelSource& source, const CompileOptions& options = {});

// The compiler process every compileKernel uses: started now (the window does, so its first
// compile finds it ready), or ended now (the window's close: a compile in flight returns at once,
// cancelled). The running process's pid, or -1 (tests).
void startCompilerProcess();
void cancelCompiles() noexcept;
int compilerProcessId();
// How many compiles may run at once, each in a compiler process of its own (default 1: the window
// and the CLI compile one at a time; the grader compiles one per core).
void setCompileParallelism(int processes);

// NVRTC's version as "13.0", and the architectures it can compile for (75, 80, ... as numbers).
std::string nvrtcVersion();
const std::vector<int>& nvrtcSupportedArchs();

// "sm_90" -> 90; throws kc::InvalidArgument naming the supported ones.
int parseArch(const std::string& text);
// The first CUDA device's compute capability when NVRTC supports it, else sm_90 (the lent H100's,
// and the newest the default build's machine code targets).
int defaultArch();

}  // namespace kc::lab
