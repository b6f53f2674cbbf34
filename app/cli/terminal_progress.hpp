#pragma once
// The demos' progress on stderr while they run, for a person at a terminal: "version i of n:
// NAME" when a version starts, and for CG its first iteration sample and then one about every 0.5 s, on
// one line that is rewritten in place and wiped before the results are printed. Off when
// stderr is not a terminal (a log or a pipe gets no carriage returns) or with --quiet.
#include <chrono>
#include <cstdio>
#include <string>

#include "gpu/demos/demo_control.hpp"

namespace kc::cli {

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
  void clear();

 private:
  std::string label_;
  std::FILE* stream_;
  int lastVersion_ = -1;
  std::chrono::steady_clock::time_point lastPrint_{};
  bool lineShown_ = false;
  bool sampleShown_ = false;  // of the running version
};

}  // namespace kc::cli
