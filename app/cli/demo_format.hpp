#pragma once
// A demo's result as `kernelcam demo` prints and writes it: the table under its first line, and the
// JSON document (the result's fields and the four every demo document starts with).
#include <QJsonObject>
#include <string>

#include "gpu/core/backend.hpp"
#include "gpu/demos/demo_result.hpp"

namespace kc::cli {

// Where a report was produced: the first line of the table and the JSON's top-level fields.
struct DemoRunInfo {
  std::string demo;                // the demo's id: reduce | matmul | cg
  Backend backend = Backend::Cpu;  // Cuda or Cpu, written as toString spells it: "cuda", "cpu"
  std::string device;              // deviceName(backend): the GPU's name, or the CPU's
};

// "<demo> demo on <device> (backend <backend>): <problem>", the table's first line.
std::string demoHeaderLine(const DemoRunInfo& run, const std::string& problem);

// The first line, a blank line, then the result's table and its notes.
std::string formatDemoText(const demos::DemoResult& result, const DemoRunInfo& run);
// schema, demo, backend, device and the result's own fields.
QJsonObject demoReportJson(const demos::DemoResult& result, const DemoRunInfo& run);

}  // namespace kc::cli
