#include "app/cli/terminal_progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>

#include "gpu/core/text_table.hpp"

namespace kc::cli {

namespace {
constexpr auto kInterval = std::chrono::milliseconds(500);

// "55 s", "3 min 05 s": a person's reading of a time left.
std::string durationText(double seconds) {
  const long whole = std::lround(std::max(0.0, seconds));
  if (whole < 60) return std::to_string(whole) + " s";
  const long minutes = whole / 60, rest = whole % 60;
  return std::to_string(minutes) + " min " + (rest < 10 ? "0" : "") + std::to_string(rest) + " s";
}
}  // namespace

std::string countProgressText(const std::string& what, const std::string& perSecond, int done, int total,
                              double seconds) {
  std::string text = what + " " + std::to_string(done) + " of " + std::to_string(total);
  if (done <= 0 || !(seconds > 0)) return text;
  const double rate = done / seconds;
  return text + ", " + formatFixed(rate, rate < 10 ? 2 : 1) + " " + perSecond + "/s, " +
         durationText((total - done) / rate) + " left";
}

std::string framesProgressText(int done, int total, double seconds) {
  return countProgressText("frame", "frames", done, total, seconds);
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
  show(demos::describeProgress(progress), now);
}

void TerminalProgress::reportFrames(int done, int total, double seconds) {
  const auto now = std::chrono::steady_clock::now();
  if (done >= total || (done > 1 && now - lastPrint_ < kInterval)) return;
  show(framesProgressText(done, total, seconds), now);
}

void TerminalProgress::reportCount(const std::string& what, const std::string& perSecond, int done, int total,
                                   double seconds) {
  const auto now = std::chrono::steady_clock::now();
  if (done >= total || (done > 0 && now - lastPrint_ < kInterval)) return;
  show(countProgressText(what, perSecond, done, total, seconds), now);
}

void TerminalProgress::show(const std::string& text, std::chrono::steady_clock::time_point now) {
  lastPrint_ = now;
  // \r and "erase to the end of the line" (ANSI, as every terminal emulator reads it).
  std::fprintf(stream_, "\r\033[Kkernelcam: %s%s", label_.c_str(), text.c_str());
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
