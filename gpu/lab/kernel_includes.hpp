#pragma once
// The headers a kernel includes, found and read by kernelcam, never by the compiler: NVRTC gets
// them by name (nvrtcCreateProgram's headers) and has no include path and no file system (its
// process may open nothing: cuda/compiler/). A lab kernel may come from a student or a web page,
// so its `#include`s reach only the kernel's own folder:
//   - no absolute path, no `..` out of the folder, no symbolic link out of it (openat2's
//     RESOLVE_BENEATH where the kernel has it);
//   - regular files only, opened without blocking (a FIFO is refused, never waited on), at most
//     kMaxHeaderBytes each and kMaxHeaders in all, text only;
//   - a refused include is an error at its own `#include` line that names the reason, never the
//     file's content.
// `#include <NAME>` takes NAME from the folder when it is there; otherwise NVRTC says it cannot
// open it (the lab has no standard headers). An include inside a comment is ignored; one inside
// `#if 0` is still checked (this is a scan, not a preprocessor).
#include <cstddef>
#include <string>
#include <vector>

#include "gpu/lab/diagnostic.hpp"
#include "gpu/lab/kernel_source.hpp"

namespace kc::lab {

constexpr std::size_t kMaxHeaderBytes = std::size_t{1} << 20;
constexpr std::size_t kMaxHeaders = 64;

struct IncludedHeader {
  std::string name;  // as written in the #include: the name NVRTC looks it up by
  std::string path;  // the file as diagnostics name it: the kernel's folder joined with its place inside it
  std::string text;  // normalised (normalizeKernelText)
};

struct KernelIncludes {
  std::vector<IncludedHeader> headers;
  std::vector<Diagnostic> diagnostics;  // refused includes, at their #include
};

// Follows the includes of `source` (and of the headers it includes) inside its folder.
KernelIncludes resolveIncludes(const KernelSource& source);

}  // namespace kc::lab
