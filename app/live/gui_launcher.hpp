#pragma once
// The `kernelcam` window (no subcommand): QApplication, the main window, the live loop.
#include <string>

#include "gpu/core/backend.hpp"

namespace kc {

struct GuiOptions {
  std::string source;   // camera[:N] | pattern | image:PATH | video:PATH; "" = remembered, else first camera, else pattern
  std::string filters;  // --filters text; "" = remembered chain, else the default chain
  Backend backend = Backend::Auto;
  int patternWidth = 1280, patternHeight = 720;  // --size, for the pattern source
};

int runGui(int argc, char** argv, const GuiOptions& options);

}  // namespace kc
