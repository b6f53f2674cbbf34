#pragma once
// The result of the CG demo: one row per solver (status, iterations, time per iteration, final
// residual) and each solver's convergence history, shown as the command line's table and JSON
// (histories decimated), the panel's table and residual chart, and the solution file.
#include <cstddef>
#include <string>
#include <vector>

#include "gpu/demos/cg/cg_demo.hpp"
#include "gpu/demos/demo_result.hpp"

namespace kc::cg {

class CgDemoResult : public demos::DemoResult {
 public:
  // The config supplies what the report does not carry (precision, preconditioner, tolerance).
  CgDemoResult(CgDemoReport report, const CgDemoConfig& config);

  const CgDemoReport& report() const { return report_; }
  std::string problem() const override;  // the file or grid, sizes, precision, preconditioner, tol, limit
  std::string commandLineTable() const override;
  std::string jsonFields() const override;
  std::string headline() const override { return "CG on " + report_.problem; }
  std::string detail() const override;
  demos::DemoTable table() const override;
  demos::DemoChart chart() const override;
  std::string failure() const override;                             // the first solver that did not converge, and why
  std::string outputFile(const std::string& param) const override;  // "solution": x, one value a line

 private:
  CgDemoReport report_;
  CgDemoConfig config_;
};

bool allRowsConverged(const CgDemoReport& report);

// The residual chart's title, during the run and after it: "CG on nos2.mtx: residual ||r_k|| per iteration".
std::string cgChartTitle(const std::string& problem);

// At most maxPoints samples, evenly spread, always the first and the last: a chart (or a JSON
// file) of a 400k-iteration solve needs its shape, not every 50th point.
std::vector<CgSample> decimateHistory(const std::vector<CgSample>& history, std::size_t maxPoints);

// x one value per line, "%.17g": reads back bit-exact in double.
std::string formatSolution(const std::vector<double>& x);

}  // namespace kc::cg
