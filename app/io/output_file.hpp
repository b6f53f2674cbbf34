#pragma once
// Every file kernelcam writes (PNG, JSON, the CG solution, the bench report, videos, --vcam
// file:, kernel new, and the window's snapshots, exports, kernels and recordings through
// app/live/window_outputs.hpp) goes through here: checked before any work, written atomically after it.
//  - checkOutputs: the one output guard. Before the run, an output that cannot be written (a
//    folder, a missing or read-only folder, a read-only file), that is one of the run's inputs or
//    that another output also names is one line and exit 2: nothing has been opened or written.
//    Files are compared by identity (device and inode, links followed: another spelling, a hard or
//    a symbolic link are the same file); a folder output by each numbered frame it would write.
//    The caller passes every input of the run: the source's files (each frame of a sequence that
//    exists: sourceInputFiles), the chain's (a kernel and its headers: chainInputFiles), a matrix.
//  - writeOutput: QSaveFile writes a uniquely named temporary beside the target and renames it
//    over the target on success, so a failed write (disk full, /dev/full) leaves no file behind
//    and an older file untouched; it is one line and exit 1. "-" is stdout where the option allows it.
#include <QByteArray>
#include <stdexcept>
#include <string>
#include <vector>

namespace kc::io {

struct OutputFile {
  std::string option;  // "--json", for the message
  std::string path;    // "-": stdout (when stdoutAllowed)
  bool stdoutAllowed = false;
  bool isFolder = false;  // a folder the command fills (process --out DIR/: frame_00000.png, ...)
};

class OutputError : public std::runtime_error {
 public:
  enum class Kind { Usage, WriteFailed };  // exit 2 before the run / exit 1 after it
  OutputError(Kind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  Kind kind() const noexcept { return kind_; }

 private:
  Kind kind_;
};

// Throws OutputError(Usage) naming the option, the path and the reason. `inputs` are the files
// the run reads (paths as given; ones that do not exist are ignored).
void checkOutputs(const std::vector<OutputFile>& outputs, const std::vector<std::string>& inputs);

// The same file: the same device and inode (links followed), or for files that do not exist yet
// the same path once resolved (absolute, "./" and ".." taken out, links followed), so "b.png"
// and "./b.png" are one file before either exists.
bool sameFile(const std::string& a, const std::string& b);

// True when `output` goes to stdout ("-" where allowed): the command keeps stdout for it alone.
bool writesToStdout(const OutputFile& output);

// Throws OutputError(WriteFailed) naming the option, the path and the reason.
void writeOutput(const OutputFile& output, const QByteArray& bytes);

// Every byte of `bytes` to `fd` (a short write goes on, EINTR is retried): 0, or the errno of the
// write that failed (ENOSPC for a write that wrote nothing).
int writeAllBytes(int fd, const QByteArray& bytes);

}  // namespace kc::io
