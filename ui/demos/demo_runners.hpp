#pragma once
// What the demo panel runs, injected by app/: ui/ links only the plain C++ part of gpu/, so the
// demos' CUDA versions come from app/ (appDemoRunners) where the build and the machine have them.
#include <QString>
#include <functional>

#include "gpu/demos/cg/cg_demo.hpp"
#include "gpu/demos/demo_report.hpp"
#include "gpu/demos/matmul/matmul_demo.hpp"
#include "gpu/demos/reduce/reduce_demo.hpp"
#include "ui/demos/demo_admission.hpp"

namespace kc {

struct DemoRunners {
  std::function<demos::DemoReport(const demos::ReduceDemoConfig&)> reduce;
  std::function<demos::DemoReport(const demos::MatmulDemoConfig&)> matmul;
  std::function<cg::CgDemoReport(const cg::CgDemoConfig&)> cg;
  bool cudaAvailable = false;
  QString cudaUnavailableReason;  // tooltip of the disabled "cuda" backend
  // The memory admission the panel asks before a run starts (demo_admission.hpp); the CG runner
  // asks it too, at a matrix file's size line.
  DemoAdmission admit = admitHostMemory;
};

// Runners that only ever take the CPU path (tests, and builds without CUDA); host-memory admission.
DemoRunners cpuOnlyDemoRunners(const QString& why = QStringLiteral("this build has no CUDA backend"));

}  // namespace kc
