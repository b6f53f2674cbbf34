#pragma once
// The `kernelcam` window (no subcommand / `gui`): QApplication, the main window, the live loop.
#include <string>

namespace kc {

struct GuiOptions {
  std::string source;   // camera[:N] | pattern | image:PATH | video:PATH; "" = remembered, else first camera, else pattern
  std::string filters;  // --filters text; "" = remembered chain, else the default chain
  std::string view;     // side-by-side | filtered | split; "" = remembered
  std::string backend = "auto";  // auto | cuda | cpu
  int patternWidth = 1280, patternHeight = 720;  // --size, for the pattern source
  std::string patternFormat = "rgba";            // --pattern-format: the pattern as a camera format
};

int runGui(int argc, char** argv, const GuiOptions& options);

}  // namespace kc
