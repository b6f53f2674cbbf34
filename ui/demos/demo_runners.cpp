#include "ui/demos/demo_runners.hpp"

namespace kc {

DemoRunners cpuOnlyDemoRunners(const QString& why) {
  DemoRunners runners;
  runners.reduce = [](const demos::ReduceDemoConfig& config) { return demos::runReduceDemo(config); };
  runners.matmul = [](const demos::MatmulDemoConfig& config) { return demos::runMatmulDemo(config); };
  runners.cg = [](const cg::CgDemoConfig& config) { return runAdmittedCgDemo(config, nullptr, admitHostMemory); };
  runners.cudaAvailable = false;
  runners.cudaUnavailableReason = why;
  return runners;
}

}  // namespace kc
