#pragma once
// A classroom demo's report as the aligned text table and the JSON object the CLI writes.
// Kept apart from the command so the UI's demo panel can show and save the same model.
#include <QJsonObject>
#include <QJsonValue>
#include <string>

#include "gpu/core/backend.hpp"
#include "gpu/demos/demo_report.hpp"

namespace kc::cli {

// Where a report was produced: the first line of the table and the JSON's top-level fields.
struct DemoRunInfo {
  std::string demo;     // reduce | matmul | cg
  Backend backend = Backend::Cpu;  // Cuda or Cpu, written as toString spells it: "cuda", "cpu"
  std::string device;   // the GPU's name, or "CPU"
};

// "<demo> demo on <device> (backend <backend>): <problem>", the table's first line.
std::string demoHeaderLine(const DemoRunInfo& run, const std::string& problem);

// reduce, matmul: a header (device, problem), one row per version, the verification rule.
std::string formatDemoTable(const demos::DemoReport& report, const DemoRunInfo& run);
QJsonObject demoReportJson(const demos::DemoReport& report, const DemoRunInfo& run);
// True when every version that ran reproduced the reference (skipped rows do not count).
bool allRowsCorrect(const demos::DemoReport& report);

// A number, or null where it is NaN / infinite (not measured): JSON has no NaN.
QJsonValue jsonNumber(double value);

}  // namespace kc::cli
