#pragma once
// output_file.hpp's atomic write for writers that stream into a descriptor (a video encoder, raw
// frames): the writer gets the descriptor of a new temporary in the target's folder, and commit()
// syncs it and renames it over the target. The temporary is created with O_EXCL under an
// unpredictable name (".NAME.partial-<16 random hex digits>.EXT"), so a file or symlink planted in
// a shared folder is never opened or followed. Destroyed without commit() (a failed or cancelled
// run), the temporary is removed, and so it is when SIGINT, SIGTERM or SIGHUP ends the process
// (signal_cleanup.hpp): no half-written file is left and an older file keeps its contents.
// A target that is a symlink is followed (the link stays a link; its file is replaced), as
// writeOutput does. A target that exists and is not a regular file (a pipe, /dev/null) is written
// directly, as writeOutput does, unless the writer cannot stream (PendingOptions::needsRegularFile).
#include <string>

#include "app/io/output_file.hpp"

namespace kc::io {

struct PendingOptions {
  // A recording that should outlive a kill: not removed on a signal, and locked (flock) while this
  // process writes it, so that recording_recovery.hpp can tell an interrupted one from a live one.
  bool keepOnSignal = false;
  // Not empty: a target that is not a regular file is refused (OutputError Usage) instead of
  // written directly, and this says why ("an MP4 needs a regular file: ...").
  std::string needsRegularFile;
};

class PendingOutput {
 public:
  // Checks the target now (checkOutputs: one line, OutputError Usage) and creates the temporary
  // (OutputError Usage when the folder refuses it).
  explicit PendingOutput(OutputFile output, PendingOptions options = {});
  ~PendingOutput();
  PendingOutput(const PendingOutput&) = delete;
  PendingOutput& operator=(const PendingOutput&) = delete;

  const OutputFile& output() const { return output_; }
  // Where the writer writes: the temporary (or the target itself when isDirect()). Owned here.
  int fd() const { return fd_; }
  // The temporary's path, or the target when written directly.
  const std::string& writePath() const { return writePath_; }
  // The file the temporary replaces at commit(): the target, its symlinks resolved.
  const std::string& finalPath() const { return finalPath_; }
  // The target exists and is not a regular file (a pipe, a device): written directly.
  bool isDirect() const { return direct_; }

  // Syncs the temporary and renames it over the target. Throws OutputError WriteFailed when the
  // writer left nothing, or the sync, close or rename fails (the reason from errno); the
  // temporary goes either way.
  void commit();

 private:
  [[noreturn]] void fail(OutputError::Kind kind, const std::string& why);
  void discard();

  OutputFile output_;
  PendingOptions options_;
  std::string writePath_, finalPath_;
  int fd_ = -1;
  int signalSlot_ = -1;
  bool direct_ = false;
  bool committed_ = false;
};

}  // namespace kc::io
