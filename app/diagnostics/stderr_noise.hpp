#pragma once
// Known noise on stderr, and the filter for what a library writes to std::cerr. Qt-free (the
// sources use it); quiet_output.hpp hooks the same list into Qt's messages and installs the filter.
#include <cstdio>
#include <mutex>
#include <streambuf>
#include <string>
#include <string_view>

namespace kc {

// True for a line that is known noise: no XDG_RUNTIME_DIR (containers, sudo), no PulseAudio
// server (Qt Multimedia's audio side), libpng's remark on an image's colour profile, OpenCV's
// decoders' failures (kernelcam says the same in its own line).
bool isKnownNoise(std::string_view line);

// --verbose: nothing is filtered.
void setVerboseOutput(bool verbose);
bool verboseOutput();

// A buffer for std::cerr (the C++ stream's own hook: no file descriptor is touched) that passes
// each complete line on to `out` unless it is known noise; a blank line right after a dropped one
// goes with it. OpenCV 4.6's image decoding writes its failures there ("imdecode_(''): can't read
// data: ..."), which no OpenCV log level reaches. A line written in several pieces is judged whole
// (the mutex only keeps the buffer sound: writers on two threads interleave as they would on
// stderr); what is left without a newline is passed on when the buffer goes.
class NoiseFilteringBuffer : public std::streambuf {
 public:
  explicit NoiseFilteringBuffer(std::FILE* out) : out_(out) {}
  ~NoiseFilteringBuffer() override;
  NoiseFilteringBuffer(const NoiseFilteringBuffer&) = delete;
  NoiseFilteringBuffer& operator=(const NoiseFilteringBuffer&) = delete;

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* text, std::streamsize count) override;

 private:
  void passCompleteLines();  // with mutex_ held
  void pass(const std::string& line);

  std::FILE* out_;
  std::mutex mutex_;
  std::string pending_;
  bool lastDropped_ = false;
};

// std::cerr through a NoiseFilteringBuffer to stderr until the program ends. Call once, before
// other threads exist (installQuietOutput does, unless --verbose).
void filterCerrNoise();

}  // namespace kc
