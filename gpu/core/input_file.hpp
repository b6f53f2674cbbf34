#pragma once
// The one check every input file passes before it is read (images, videos, Matrix Market files):
// a readable, non-empty regular file. A directory, a FIFO (reading would block) or a device
// (/dev/zero never ends) is refused up front, and every refusal names the real reason.
// The file is opened with O_NONBLOCK and checked on the open descriptor (fstat), so a FIFO put in
// place between a look at the path and the open cannot block the open.
#include <string>

namespace kc {

// Empty when `path` can be read as an input file; otherwise the reason in words: "no such file",
// "is a directory, not a file", "is a FIFO (named pipe), not a regular file", "permission denied
// (a folder on the path cannot be searched)", "too many levels of symbolic links (a link loop?)",
// "the file is empty (0 bytes)", ...
std::string unreadableInputReason(const std::string& path);

// Opens `path` for reading only if it passes the check above: a blocking, close-on-exec read-only
// descriptor of a non-empty regular file (the caller closes it), or -1 with *reason set.
int openInputFile(const std::string& path, std::string* reason);

// The reason for a failed call on `path` (stat, open, ...) given its errno, in the same words.
std::string pathErrorReason(int error);

}  // namespace kc
