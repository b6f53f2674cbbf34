#include "gpu/demos/cg/cg_demo_result.hpp"

#include <cmath>
#include <cstdio>

#include "gpu/core/text_table.hpp"
#include "gpu/demos/cg/cg_versions.hpp"
#include "gpu/demos/demo_json.hpp"

namespace kc::cg {

namespace {

using demos::jsonNumber;
using Json = nlohmann::ordered_json;

constexpr std::size_t kMaxHistoryPoints = 1000;

const char* precisionName(Precision p) { return p == Precision::Float ? "float" : "double"; }
const char* preconditionerName(Preconditioner p) { return p == Preconditioner::Jacobi ? "jacobi" : "none"; }

long long maxIterationsOf(const CgDemoConfig& config, int n) {
  return config.maxIterations > 0 ? config.maxIterations : defaultMaxIterations(n);
}

// The runner reports 0 for a figure it has not: no reference row ran, no iteration was timed.
double measuredOrNaN(double figure) { return figure > 0 ? figure : NAN; }

std::string printed(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

std::string verificationRule(const CgDemoConfig& config) {
  std::string rule = "converged when ||r_k|| <= tol ||r_0|| (b = ones, x0 = 0";
  if (config.refreshEvery > 0)
    rule += "; r = b - A x recomputed every " + std::to_string(config.refreshEvery) + " iterations";
  return rule + "); 'rel. residual' is ||b - A x|| / ||b|| recomputed in double from the final x";
}

// ||r_k|| / ||r_0||: the solver's first sample is iteration 0 (||r_0|| = ||b|| = sqrt(n) for b = ones).
Json historyJson(const std::vector<CgSample>& history, int n) {
  double r0 = std::sqrt(static_cast<double>(n));
  if (!history.empty() && history.front().iteration == 0 && history.front().residualNorm > 0)
    r0 = history.front().residualNorm;
  Json points = Json::array();
  for (const CgSample& s : decimateHistory(history, kMaxHistoryPoints))
    points.push_back(Json::array({s.iteration, jsonNumber(r0 > 0 ? s.residualNorm / r0 : NAN)}));
  return points;
}

}  // namespace

std::vector<CgSample> decimateHistory(const std::vector<CgSample>& history, std::size_t maxPoints) {
  if (history.size() <= maxPoints || maxPoints < 2) return history;
  std::vector<CgSample> kept;
  kept.reserve(maxPoints);
  for (std::size_t i = 0; i < maxPoints; ++i) kept.push_back(history[i * (history.size() - 1) / (maxPoints - 1)]);
  return kept;
}

bool allRowsConverged(const CgDemoReport& report) {
  for (const CgDemoRow& row : report.rows)
    if (row.status != CgStatus::Converged) return false;
  return true;
}

std::string cgChartTitle(const std::string& problem) { return "CG on " + problem + ": residual ||r_k|| per iteration"; }

std::string formatSolution(const std::vector<double>& x) {
  std::string text;
  char value[40];
  for (double v : x) {
    std::snprintf(value, sizeof value, "%.17g\n", v);
    text += value;
  }
  return text;
}

CgDemoResult::CgDemoResult(CgDemoReport report, const CgDemoConfig& config)
    : report_(std::move(report)), config_(config) {
  config_.control = {};  // the run's progress callback may point into a caller's stack frame
}

std::string CgDemoResult::problem() const {
  char text[256];
  std::snprintf(text, sizeof text, "%s, %d rows, %zu nonzeros; %s, preconditioner %s, tol %g, max %lld iterations",
                report_.problem.c_str(), report_.n, report_.nnz, precisionName(config_.precision),
                preconditionerName(config_.preconditioner), config_.tolerance, maxIterationsOf(config_, report_.n));
  return text;
}

std::string CgDemoResult::commandLineTable() const {
  using Align = TextTable::Align;
  TextTable table({{"version", Align::Left},
                   {"status", Align::Left},
                   {"iterations"},
                   {"ms total"},
                   {"ms/iter"},
                   {"rel. residual"},
                   {"GB/s"},
                   {"vs CPU"},
                   {"vs cuSPARSE"}});
  auto speedup = [](double s) {
    const double v = measuredOrNaN(s);
    return std::isnan(v) ? std::string("-") : formatFixed(v, 2) + "x";
  };
  for (const CgDemoRow& row : report_.rows)
    table.addRow({row.name, toString(row.status), std::to_string(row.iterations),
                  formatFixed(row.msTotal, row.msTotal < 1 ? 4 : 3), formatFixed(row.msPerIteration, 4),
                  printed("%.3e", row.finalResidual), formatFixed(row.gbPerSecond, row.gbPerSecond < 10 ? 2 : 1),
                  speedup(row.speedupVsCpu), speedup(row.speedupVsCuSparse)});
  return table.format() +
         "\nSpeedups and GB/s per iteration (every version is credited the fused solver's bytes); - = not run.\n"
         "Verification: " +
         verificationRule(config_) + "\n";
}

std::string CgDemoResult::jsonFields() const {
  Json rows = Json::array();
  for (std::size_t i = 0; i < report_.rows.size(); ++i) {
    const CgDemoRow& row = report_.rows[i];
    const std::vector<CgSample> none;
    const auto& history = i < report_.histories.size() ? report_.histories[i] : none;
    rows.push_back({{"version", row.name},
                    {"status", toString(row.status)},
                    {"converged", row.status == CgStatus::Converged},
                    {"iterations", row.iterations},
                    {"ms_total", jsonNumber(row.msTotal)},
                    {"ms_per_iteration", jsonNumber(row.msPerIteration)},
                    {"final_relative_residual", jsonNumber(row.finalResidual)},
                    {"gb_per_s", jsonNumber(measuredOrNaN(row.gbPerSecond))},  // null: no iteration timed
                    {"speedup_vs_cpu", jsonNumber(measuredOrNaN(row.speedupVsCpu))},
                    {"speedup_vs_cusparse", jsonNumber(measuredOrNaN(row.speedupVsCuSparse))},
                    {"history_samples", static_cast<long long>(history.size())},
                    {"history", historyJson(history, report_.n)}});
  }
  return demos::jsonText({{"problem", report_.problem},
                          {"n", report_.n},
                          {"nnz", static_cast<long long>(report_.nnz)},
                          {"precision", precisionName(config_.precision)},
                          {"preconditioner", preconditionerName(config_.preconditioner)},
                          {"tolerance", config_.tolerance},
                          {"max_iterations", maxIterationsOf(config_, report_.n)},
                          {"verification", verificationRule(config_)},
                          {"all_converged", allRowsConverged(report_)},
                          {"rows", rows}});
}

std::string CgDemoResult::detail() const {
  return "n = " + std::to_string(report_.n) + ", " + std::to_string(report_.nnz) + " nonzeros, b = ones";
}

demos::DemoTable CgDemoResult::table() const {
  using Align = demos::DemoTable::Align;
  demos::DemoTable table;
  table.columns = {{"version", Align::Left},
                   {"status", Align::Left},
                   {"iterations"},
                   {"ms total"},
                   {"ms/iter"},
                   {"final residual"},
                   {"GB/s"},
                   {"vs CPU"},
                   {"vs cuSPARSE"}};
  constexpr int kStatusColumn = 1;
  // ms over four orders of magnitude: three significant digits; speedups as "12.50×".
  const auto ms = [](double value) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*g", value >= 100 ? 5 : 3, value);
    return std::isfinite(value) ? std::string(text) : std::string();
  };
  const auto speedup = [](double value) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f\u00d7", value >= 100 ? 0 : 2, value);
    return value > 0 ? std::string(text) : std::string();
  };
  for (const CgDemoRow& row : report_.rows) {
    const CgVersionInfo& info = cgVersionInfo(row.version);
    demos::DemoTable::Row shown{{row.name, toString(row.status), std::to_string(row.iterations), ms(row.msTotal),
                                 printed("%.3g", row.msPerIteration), printed("%.2e", row.finalResidual),
                                 row.gbPerSecond > 0 ? printed("%.1f", row.gbPerSecond) : std::string(),
                                 speedup(row.speedupVsCpu), speedup(row.speedupVsCuSparse)},
                                {},
                                info.sourceAnchor,
                                info.why};
    if (row.status != CgStatus::Converged) shown.alarming.push_back(kStatusColumn);
    table.rows.push_back(std::move(shown));
  }
  return table;
}

demos::DemoChart CgDemoResult::chart() const {
  demos::DemoChart chart;
  chart.kind = demos::DemoChart::Kind::Convergence;
  chart.title = cgChartTitle(report_.problem);
  for (std::size_t i = 0; i < report_.rows.size() && i < report_.histories.size(); ++i) {
    demos::DemoChart::Line line{report_.rows[i].name, {}};
    for (const CgSample& sample : report_.histories[i]) line.points.emplace_back(sample.iteration, sample.residualNorm);
    chart.lines.push_back(std::move(line));
  }
  return chart;
}

std::string CgDemoResult::failure() const {
  for (const CgDemoRow& row : report_.rows)
    if (row.status != CgStatus::Converged) return row.name + ": " + toString(row.status);
  return {};
}

std::string CgDemoResult::outputFile(const std::string& param) const {
  return param == "solution" ? formatSolution(report_.solution) : std::string();
}

}  // namespace kc::cg
