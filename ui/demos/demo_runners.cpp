#include "ui/demos/demo_runners.hpp"

namespace kc {

DemoRunners cpuOnlyDemoRunners(const QString& why) {
  DemoRunners runners;
  runners.cudaAvailable = false;
  runners.cudaUnavailableReason = why;
  return runners;
}

}  // namespace kc
