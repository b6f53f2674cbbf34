#pragma once
// A file written by a library that wants a path (OpenCV's VideoWriter, a raw frame stream), made
// atomic: the writer gets a hidden temporary beside the target, with the target's extension (the
// container is chosen from it), and commit() renames it over the target. Destroyed without
// commit() (a failed or cancelled run), the temporary is removed: no half-written file is left and
// an older file keeps its contents. The one place that does this for path-based writers; files
// written in one go go through QSaveFile.
#include <string>

namespace kc {

class PendingFile {
 public:
  // `option` names the file in messages ("--out", "record"). Throws SourceError (one line) when
  // the target's folder is missing, not a folder or not writable, or the target is a folder.
  PendingFile(std::string option, std::string path);
  ~PendingFile();
  PendingFile(const PendingFile&) = delete;
  PendingFile& operator=(const PendingFile&) = delete;

  const std::string& path() const { return path_; }
  const std::string& temporaryPath() const { return temporary_; }
  // Renames the temporary over the target. Throws std::runtime_error (a failed write, not bad
  // usage) when the temporary is missing or
  // empty (the writer wrote nothing) or the rename fails; the temporary is removed either way.
  void commit();

 private:
  std::string option_, path_, temporary_;
  bool committed_ = false;
};

}  // namespace kc
