// Placeholder until the UI lands: the UI engineer replaces this file with the real runGui.
#include <cstdio>

#include "app/live/gui_launcher.hpp"

namespace kc {

int runGui(int, char**, const GuiOptions&) {
  std::fprintf(stderr, "kernelcam: GUI not built yet (try `kernelcam --help` for the subcommands)\n");
  return 1;
}

}  // namespace kc
