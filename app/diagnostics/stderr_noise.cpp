#include "app/diagnostics/stderr_noise.hpp"

#include <atomic>
#include <string>
#include <unistd.h>

namespace kc {

namespace {
std::atomic<bool> verbose{false};
std::mutex redirectMutex;
}  // namespace

bool isKnownNoise(std::string_view line) {
  static constexpr std::string_view kNoise[] = {
      "XDG_RUNTIME_DIR not set",            // QStandardPaths, in containers and under sudo
      "runtime directory",                  // QStandardPaths: "wrong permissions on runtime directory"
      "PulseAudioService: pa_context_",     // Qt Multimedia's audio side without a PulseAudio server
      "libpng warning: iCCP:",              // an image's broken colour profile, which libpng then ignores
  };
  for (std::string_view noise : kNoise)
    if (line.find(noise) != std::string_view::npos) return true;
  return false;
}

void setVerboseOutput(bool beVerbose) { verbose = beVerbose; }
bool verboseOutput() { return verbose; }

LibraryNoiseFilter::LibraryNoiseFilter() {
  if (verbose) return;
  lock_ = std::unique_lock(redirectMutex);
  std::fflush(stderr);
  capture_ = std::tmpfile();
  savedStderr_ = capture_ ? ::dup(STDERR_FILENO) : -1;
  if (savedStderr_ < 0 || ::dup2(::fileno(capture_), STDERR_FILENO) < 0) {
    if (savedStderr_ >= 0) ::close(savedStderr_);
    if (capture_) std::fclose(capture_);
    savedStderr_ = -1;
    capture_ = nullptr;
  }
}

LibraryNoiseFilter::~LibraryNoiseFilter() {
  if (!capture_) return;
  std::fflush(stderr);
  ::dup2(savedStderr_, STDERR_FILENO);
  ::close(savedStderr_);
  std::rewind(capture_);
  char buffer[4096];
  std::string line;
  while (std::fgets(buffer, sizeof buffer, capture_)) {
    line += buffer;
    if (line.back() != '\n' && !std::feof(capture_)) continue;  // a longer line: read on
    if (!isKnownNoise(line)) std::fputs(line.c_str(), stderr);
    line.clear();
  }
  if (!line.empty() && !isKnownNoise(line)) std::fputs(line.c_str(), stderr);
  std::fclose(capture_);
}

}  // namespace kc
