#pragma once
// The window: `kernelcam` with no subcommand. main.cpp parses the options and calls runGui,
// which creates the QApplication and runs the event loop. Implemented by the UI (ui/, app/live/);
// gui_launcher_stub.cpp stands in until then (replace that file, keep this declaration).
#include <string>

namespace kc {

struct GuiOptions {
  std::string source = "camera";  // the --source syntax (app/sources/source_factory.hpp)
  std::string filters;            // --filters text; empty = defaultFilterChain()
  std::string backend = "auto";   // auto | cuda | cpu
  int patternWidth = 1280, patternHeight = 720;
};

int runGui(int argc, char** argv, const GuiOptions& options);

}  // namespace kc
