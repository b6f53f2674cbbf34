#pragma once
// The window's output guard, as `process` has one (app/io/output_file.hpp). Every file the window
// writes at the user's request (a snapshot, a demo's results table or chart, a saved kernel, a
// recording) is checked before anything is written against the files the window reads now (the
// shown source's, each frame of a sequence; the chain's kernels and their headers; the CG demo's
// matrix) and the files it is writing now (--vcam file:, a recording going on): a clash is one
// line and nothing is written. Then it is written whole or not at all (io::writeOutput).
// And the other way round: a source whose file the window is writing (--vcam file:, renamed into
// place when the window closes) is not opened, or the finished file would replace it.
#include <QByteArray>
#include <functional>
#include <string>
#include <vector>

#include "app/io/output_file.hpp"
#include "ui/files/save_file.hpp"

namespace kc {

class WindowOutputs {
 public:
  using Files = std::function<std::vector<std::string>()>;
  using Outputs = std::function<std::vector<io::OutputFile>()>;
  // `reading`: the files the window reads now; `writing`: the files it is writing now, each named
  // as the user knows it ("--vcam", "the recording").
  WindowOutputs(Files reading, Outputs writing);

  // Throws io::OutputError(Usage) naming `what` ("snapshot") and the path. `edited`: the file
  // being saved over on purpose (the lab's own kernel), not counted as an input.
  void check(const std::string& what, const std::string& path, const std::string& edited = {}) const;
  // check, then io::writeOutput (OutputError WriteFailed when the write fails; nothing half-written).
  void write(const std::string& what, const std::string& path, const QByteArray& bytes,
             const std::string& edited = {}) const;

  // write, for the ui. `edited` is asked at each save (the lab's current file).
  SaveFile saveFile(std::function<QString()> edited = {}) const;

  // Throws SourceError when one of the source's files is a file the window is writing.
  void checkSource(const std::string& spec) const;

 private:
  Files reading_;
  Outputs writing_;
};

}  // namespace kc
