#pragma once
// Reading a user kernel file, with one clear line for every way a file can be wrong for the lab
// (missing, a directory, a FIFO, unreadable, empty, binary, too large). The text is what NVRTC
// compiles, after normalizeKernelText.
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

// Throws kc::InvalidArgument with a one-line message that starts with the path. The text comes
// back normalised (normalizeKernelText).
KernelSource readKernelSource(const std::string& path);

// The checks readKernelSource applies to the text (empty, binary, too large), for text that comes
// from elsewhere (the editor). Throws kc::InvalidArgument.
void requireKernelText(const std::string& path, std::string_view text);

// "" for source text, else "not a text file (byte 0x00 at offset 8)": a control byte other than
// tab, LF, CR, FF and VT.
std::string notTextReason(std::string_view text);

// The text as the lab compiles it: a UTF-8 byte order mark at the start dropped (NVRTC sees it
// after the prelude, as a stray token) and CRLF or lone CR line ends made LF (a CR-only file is
// one line to the annotation and entry scan, and to NVRTC). Line and column numbers stay those
// an editor shows.
std::string normalizeKernelText(std::string_view text);

// Reads the regular file open at `fd` (opened O_NONBLOCK, so a FIFO swapped in never blocks; fstat
// decides) into `text`, at most `maxBytes` + 1 bytes. Returns "" or why not, in words:
// "is a FIFO (named pipe), not a regular file", "too large for a KIND (N bytes; the lab reads at
// most M)", ...
std::string readRegularSourceFile(int fd, std::size_t maxBytes, const char* kind, std::string& text);

}  // namespace kc::lab
