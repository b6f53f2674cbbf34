#pragma once
// Known noise on stderr, and a filter for libraries that print it themselves. Qt-free (the
// sources use it); quiet_output.hpp hooks the same list into Qt's messages.
#include <cstdio>
#include <mutex>
#include <string_view>

namespace kc {

// True for a line that is known noise: no XDG_RUNTIME_DIR (containers, sudo), no PulseAudio
// server (Qt Multimedia's audio side), libpng's remark on an image's colour profile.
bool isKnownNoise(std::string_view line);

// --verbose: nothing is filtered.
void setVerboseOutput(bool verbose);
bool verboseOutput();

// For the span of a library call that writes to stderr itself, not through Qt (OpenCV's libpng
// prints "libpng warning: ..." with fprintf): collects what is written to file descriptor 2 and,
// at the end of the scope, passes on every line that is not known noise. Nothing is lost, only
// delayed to the end of the call. Does nothing with --verbose.
class LibraryNoiseFilter {
 public:
  LibraryNoiseFilter();
  ~LibraryNoiseFilter();
  LibraryNoiseFilter(const LibraryNoiseFilter&) = delete;
  LibraryNoiseFilter& operator=(const LibraryNoiseFilter&) = delete;

 private:
  std::unique_lock<std::mutex> lock_;  // one redirection at a time: they would undo each other
  int savedStderr_ = -1;
  std::FILE* capture_ = nullptr;
};

}  // namespace kc
