#pragma once
// A folder of numbered frames written whole or not at all (`process --out DIR/`). The frames of a
// run go into a temporary folder inside DIR (mkdtemp: an unpredictable name, only this process's),
// and commit() renames each into place once the last one is written. A run that fails midway (a
// full disk, a frame that cannot be encoded, an error in the chain, Ctrl+C) leaves DIR as it was:
// an earlier run's frames untouched, no frame of this run, no temporary (removed by the
// destructor, and on SIGINT, SIGTERM or SIGHUP by signal_cleanup.hpp). A DIR the run created is
// removed again when the run failed (only where it is still empty).
#include <QByteArray>
#include <string>
#include <vector>

#include "app/io/output_file.hpp"

namespace kc::io {

class PendingFolder {
 public:
  // Creates DIR (with its missing parents) where needed, then the temporary inside it. Throws
  // OutputError(Usage) when it cannot.
  explicit PendingFolder(OutputFile folder);
  ~PendingFolder();
  PendingFolder(const PendingFolder&) = delete;
  PendingFolder& operator=(const PendingFolder&) = delete;

  // `bytes` as the frame `name` (frame_00000.png) in the temporary. Throws OutputError(WriteFailed)
  // naming the option, the folder and the frame; nothing of the run is kept then.
  void write(const std::string& name, const QByteArray& bytes);
  // Every frame written, renamed into DIR (over an older frame of that name). Throws
  // OutputError(WriteFailed) with the reason.
  void commit();

 private:
  [[noreturn]] void fail(const std::string& why);
  void discard() noexcept;

  OutputFile output_;
  std::string folder_;                // DIR, without the trailing '/'
  std::string temporary_;             // DIR/.kernelcam-frames-XXXXXX
  std::vector<std::string> created_;  // the folders this run created, outermost first
  std::vector<std::string> names_;    // the frames written, in order
  int signalSlot_ = -1;
  bool committed_ = false;
};

}  // namespace kc::io
