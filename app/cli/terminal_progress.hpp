#pragma once
// Progress on stderr while a command runs, for a person at a terminal, on one line that is
// rewritten in place and wiped before the results are printed. Off when stderr is not a terminal
// (a log or a pipe gets no carriage returns) or with --quiet.
//   demos: "version i of n: NAME" when a version starts, and for CG its first iteration sample and
//          then one about every 0.5 s;
//   process: "frame i of n, F frames/s, T left" after the first frame and then about every 0.5 s.
#include <chrono>
#include <cstdio>
#include <string>

#include "gpu/demos/demo_control.hpp"

namespace kc::cli {

// "frame 120 of 900, 14.2 frames/s, 55 s left" after `seconds` of a run of `total` frames.
std::string framesProgressText(int done, int total, double seconds);
// The same for any count: "graded 120 of 500, 21.4 submissions/s, 18 s left".
std::string countProgressText(const std::string& what, const std::string& perSecond, int done, int total,
                              double seconds);

class TerminalProgress {
 public:
  // `label` starts every line ("demo cg: "); `stream` is where it goes (stderr).
  TerminalProgress(std::string label, std::FILE* stream);
  ~TerminalProgress();  // wipes the line
  TerminalProgress(const TerminalProgress&) = delete;
  TerminalProgress& operator=(const TerminalProgress&) = delete;

  // Whether stderr is a terminal and --quiet was not given: then progress is worth printing.
  static bool wanted(bool quiet);

  // The callback for DemoControl::progress; it refers to this object, which must outlive the run.
  void report(const demos::DemoProgress& progress);
  // `done` of `total` frames after `seconds`: the first at once (the run has started, however slow
  // each frame), the last not at all (the run is over), the others at most every 0.5 s.
  void reportFrames(int done, int total, double seconds);
  // countProgressText's line: the first at once, the last not at all, the others at most every 0.5 s.
  void reportCount(const std::string& what, const std::string& perSecond, int done, int total, double seconds);
  void clear();

 private:
  void show(const std::string& text, std::chrono::steady_clock::time_point now);

  std::string label_;
  std::FILE* stream_;
  int lastVersion_ = -1;
  std::chrono::steady_clock::time_point lastPrint_{};
  bool lineShown_ = false;
  bool sampleShown_ = false;  // of the running version
};

}  // namespace kc::cli
