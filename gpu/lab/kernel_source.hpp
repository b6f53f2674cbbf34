#pragma once
// Reading a user kernel file, with one clear line for every way a file can be wrong for the lab
// (missing, a directory, unreadable, empty, binary, too large). The text is what NVRTC compiles.
#include <cstddef>
#include <string>
#include <string_view>

namespace kc::lab {

// A kernel is a page or two of CUDA; 1 MiB leaves room for long tables while keeping a pasted
// video file or a core dump from reaching the compiler.
constexpr std::size_t kMaxKernelSourceBytes = std::size_t{1} << 20;

struct KernelSource {
  std::string path;  // as the user named it; every diagnostic repeats it
  std::string text;
};

// Throws kc::InvalidArgument with a one-line message that starts with the path.
KernelSource readKernelSource(const std::string& path);

// The checks readKernelSource applies to the text (empty, binary, too large), for text that comes
// from elsewhere (the editor). Throws kc::InvalidArgument.
void requireKernelText(const std::string& path, std::string_view text);

}  // namespace kc::lab
