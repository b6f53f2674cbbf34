#pragma once
// output_file.hpp's atomic write for writers that want a path, not bytes (OpenCV's VideoWriter, a
// stream of raw frames): the writer gets a hidden temporary beside the target, with the target's
// extension (a video's container is chosen from it), and commit() renames it over the target.
// Destroyed without commit() (a failed or cancelled run), the temporary is removed: no
// half-written file is left and an older file keeps its contents. A target that exists and is
// not a regular file (a pipe, /dev/null) is written directly, as writeOutput does.
#include <string>

#include "app/io/output_file.hpp"

namespace kc::io {

class PendingOutput {
 public:
  // Checks the target now (checkOutputs: one line, OutputError Usage).
  explicit PendingOutput(OutputFile output);
  ~PendingOutput();
  PendingOutput(const PendingOutput&) = delete;
  PendingOutput& operator=(const PendingOutput&) = delete;

  const OutputFile& output() const { return output_; }
  // Where the writer writes.
  const std::string& writePath() const { return writePath_; }
  // Renames the temporary over the target. Throws OutputError WriteFailed when the writer left
  // nothing (an empty or missing temporary) or the rename fails; the temporary goes either way.
  void commit();

 private:
  OutputFile output_;
  std::string writePath_;
  bool direct_ = false;
  bool committed_ = false;
};

}  // namespace kc::io
