#include "app/diagnostics/stderr_noise.hpp"

#include <atomic>
#include <iostream>

namespace kc {

namespace {
std::atomic<bool> verbose{false};
}  // namespace

bool isKnownNoise(std::string_view line) {
  static constexpr std::string_view kNoise[] = {
      "XDG_RUNTIME_DIR not set",         // QStandardPaths, in containers and under sudo
      "runtime directory",               // QStandardPaths: "wrong permissions on runtime directory"
      "PulseAudioService: pa_context_",  // Qt Multimedia's audio side without a PulseAudio server
      "libpng warning: iCCP:",           // an image's broken colour profile, which libpng then ignores
      "imdecode_(",                      // OpenCV's decoders on a damaged file: "can't read data: ..."
  };
  for (std::string_view noise : kNoise)
    if (line.find(noise) != std::string_view::npos) return true;
  return false;
}

void setVerboseOutput(bool beVerbose) { verbose = beVerbose; }
bool verboseOutput() { return verbose; }

NoiseFilteringBuffer::~NoiseFilteringBuffer() {
  const std::lock_guard lock(mutex_);
  if (!pending_.empty()) pass(pending_);
}

NoiseFilteringBuffer::int_type NoiseFilteringBuffer::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  const char character = traits_type::to_char_type(c);
  xsputn(&character, 1);
  return c;
}

std::streamsize NoiseFilteringBuffer::xsputn(const char* text, std::streamsize count) {
  const std::lock_guard lock(mutex_);
  pending_.append(text, static_cast<std::size_t>(count));
  passCompleteLines();
  return count;
}

void NoiseFilteringBuffer::passCompleteLines() {
  for (std::size_t end; (end = pending_.find('\n')) != std::string::npos;) {
    pass(pending_.substr(0, end + 1));
    pending_.erase(0, end + 1);
  }
}

void NoiseFilteringBuffer::pass(const std::string& line) {
  const bool blank = line.find_first_not_of(" \t\r\n") == std::string::npos;
  const bool drop = isKnownNoise(line) || (blank && lastDropped_);
  lastDropped_ = drop && !blank;
  if (drop) return;
  std::fputs(line.c_str(), out_);
  std::fflush(out_);
}

void filterCerrNoise() {
  // Never destroyed: std::cerr may be written to until the very end (other statics' destructors).
  static NoiseFilteringBuffer* const buffer = new NoiseFilteringBuffer(stderr);
  std::cerr.flush();
  std::cerr.rdbuf(buffer);
}

}  // namespace kc
