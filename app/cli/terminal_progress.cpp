#include "app/cli/terminal_progress.hpp"

#include <unistd.h>

namespace kc::cli {

namespace {
constexpr auto kInterval = std::chrono::milliseconds(500);
}

TerminalProgress::TerminalProgress(std::string label, std::FILE* stream) : label_(std::move(label)), stream_(stream) {}

TerminalProgress::~TerminalProgress() { clear(); }

bool TerminalProgress::wanted(bool quiet) { return !quiet && ::isatty(::fileno(stderr)) == 1; }

void TerminalProgress::report(const demos::DemoProgress& progress) {
  // A new version is shown at once (it may run for a long time), and so is its first CG sample
  // (the solve has started, whatever the machine's speed); later samples of the same solve at
  // most every 0.5 s, so a fast solve does not flood the terminal.
  const auto now = std::chrono::steady_clock::now();
  const bool newVersion = progress.version != lastVersion_;
  const bool firstSample = progress.iteration >= 0 && !sampleShown_;
  if (!newVersion && !firstSample && now - lastPrint_ < kInterval) return;
  if (newVersion) sampleShown_ = false;
  if (progress.iteration >= 0) sampleShown_ = true;
  lastVersion_ = progress.version;
  lastPrint_ = now;
  // \r and "erase to the end of the line" (ANSI, as every terminal emulator reads it).
  std::fprintf(stream_, "\r\033[Kkernelcam: %s%s", label_.c_str(), demos::describeProgress(progress).c_str());
  std::fflush(stream_);
  lineShown_ = true;
}

void TerminalProgress::clear() {
  if (!lineShown_) return;
  std::fputs("\r\033[K", stream_);
  std::fflush(stream_);
  lineShown_ = false;
}

}  // namespace kc::cli
