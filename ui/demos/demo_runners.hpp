#pragma once
// What the demo panel runs, injected by app/: ui/ links only the plain C++ part of gpu/, so whether
// the demos' CUDA parts may run (a build with CUDA, a usable device) is app/'s to say
// (appDemoRunners), as is the memory admission that knows the device.
#include <QString>
#include <functional>
#include <memory>

#include "gpu/demos/demo_definition.hpp"
#include "gpu/demos/demo_registry.hpp"
#include "gpu/demos/demo_result.hpp"

namespace kc {

struct DemoRunners {
  // Runs a checked and admitted request (on a pool thread): by default the registry's (prepare,
  // then run with the demo's CUDA part where the request's backend is cuda). Tests put stand-ins here.
  std::function<std::unique_ptr<demos::DemoResult>(const demos::DemoRequest&, const demos::DemoAdmission&)> run =
      demos::runDemo;
  bool cudaAvailable = false;
  QString cudaUnavailableReason;  // tooltip of the disabled "cuda" backend
  // The memory admission the panel asks before a run starts (a record's `memory`), and the run at
  // a matrix file's size line.
  demos::DemoAdmission admit = demos::admitHostMemory;
};

// Runners that only ever take the CPU path (tests, and builds without CUDA); host-memory admission.
DemoRunners cpuOnlyDemoRunners(const QString& why = QStringLiteral("this build has no CUDA backend"));

}  // namespace kc
