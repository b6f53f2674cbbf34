#pragma once
// The CG demo's report as the aligned text table, the JSON object (with each version's
// convergence history) and the solution file the CLI writes; reusable by the UI's CG panel.
#include <QJsonObject>
#include <cstddef>
#include <string>
#include <vector>

#include "app/cli/demo_format.hpp"
#include "gpu/demos/cg/cg_demo.hpp"

namespace kc::cli {

// The config supplies what the report does not carry (precision, preconditioner, tolerance).
std::string formatCgTable(const cg::CgDemoReport& report, const cg::CgDemoConfig& config, const DemoRunInfo& run);
QJsonObject cgReportJson(const cg::CgDemoReport& report, const cg::CgDemoConfig& config, const DemoRunInfo& run);
bool allRowsConverged(const cg::CgDemoReport& report);

// At most maxPoints samples, evenly spread, always the first and the last: a chart (or a JSON
// file) of a 400k-iteration solve needs its shape, not every 50th point.
std::vector<cg::CgSample> decimateHistory(const std::vector<cg::CgSample>& history, std::size_t maxPoints);

// x one value per line, "%.17g": reads back bit-exact in double.
std::string formatSolution(const std::vector<double>& x);

}  // namespace kc::cli
