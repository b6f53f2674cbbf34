#include "app/cli/cg_format.hpp"

#include <QJsonArray>
#include <cmath>
#include <cstdio>

#include "app/cli/json_schema.hpp"
#include "gpu/core/text_table.hpp"

namespace kc::cli {

namespace {

constexpr std::size_t kMaxHistoryPoints = 1000;

const char* precisionName(cg::Precision p) { return p == cg::Precision::Float ? "float" : "double"; }
const char* preconditionerName(cg::Preconditioner p) { return p == cg::Preconditioner::Jacobi ? "jacobi" : "none"; }

long long maxIterationsOf(const cg::CgDemoConfig& config, int n) {
  return config.maxIterations > 0 ? config.maxIterations : cg::defaultMaxIterations(n);
}

// The runner reports 0 for "no reference row ran".
double measuredOrNaN(double speedup) { return speedup > 0 ? speedup : NAN; }

std::string formatScientific(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3e", value);
  return text;
}

std::string problemLine(const cg::CgDemoReport& report, const cg::CgDemoConfig& config) {
  char text[256];
  std::snprintf(text, sizeof text, "%s, %d rows, %zu nonzeros; %s, preconditioner %s, tol %g, max %lld iterations",
                report.problem.c_str(), report.n, report.nnz, precisionName(config.precision),
                preconditionerName(config.preconditioner), config.tolerance, maxIterationsOf(config, report.n));
  return text;
}

std::string verificationRule(const cg::CgDemoConfig& config) {
  std::string rule = "converged when ||r_k|| <= tol ||r_0|| (b = ones, x0 = 0";
  if (config.refreshEvery > 0) rule += "; r = b - A x recomputed every " + std::to_string(config.refreshEvery) + " iterations";
  return rule + "); 'rel. residual' is ||b - A x|| / ||b|| recomputed in double from the final x";
}

// ||r_k|| / ||r_0||: the solver's first sample is iteration 0 (||r_0|| = ||b|| = sqrt(n) for b = ones).
QJsonArray historyJson(const std::vector<cg::CgSample>& history, int n) {
  double r0 = std::sqrt(static_cast<double>(n));
  if (!history.empty() && history.front().iteration == 0 && history.front().residualNorm > 0)
    r0 = history.front().residualNorm;
  QJsonArray points;
  for (const cg::CgSample& s : decimateHistory(history, kMaxHistoryPoints))
    points.append(QJsonArray{static_cast<qint64>(s.iteration), jsonNumber(r0 > 0 ? s.residualNorm / r0 : NAN)});
  return points;
}

}  // namespace

std::vector<cg::CgSample> decimateHistory(const std::vector<cg::CgSample>& history, std::size_t maxPoints) {
  if (history.size() <= maxPoints || maxPoints < 2) return history;
  std::vector<cg::CgSample> kept;
  kept.reserve(maxPoints);
  for (std::size_t i = 0; i < maxPoints; ++i) kept.push_back(history[i * (history.size() - 1) / (maxPoints - 1)]);
  return kept;
}

bool allRowsConverged(const cg::CgDemoReport& report) {
  for (const cg::CgDemoRow& row : report.rows)
    if (row.status != cg::CgStatus::Converged) return false;
  return true;
}

std::string formatCgTable(const cg::CgDemoReport& report, const cg::CgDemoConfig& config, const DemoRunInfo& run) {
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
  for (const cg::CgDemoRow& row : report.rows)
    table.addRow({row.name, cg::toString(row.status), std::to_string(row.iterations),
                  formatFixed(row.msTotal, row.msTotal < 1 ? 4 : 3), formatFixed(row.msPerIteration, 4),
                  formatScientific(row.finalResidual), formatFixed(row.gbPerSecond, row.gbPerSecond < 10 ? 2 : 1),
                  speedup(row.speedupVsCpu), speedup(row.speedupVsCuSparse)});
  return demoHeaderLine(run, problemLine(report, config)) + "\n\n" + table.format() +
         "\nSpeedups and GB/s per iteration (every version is credited the fused solver's bytes); - = not run.\n"
         "Verification: " + verificationRule(config) + "\n";
}

QJsonObject cgReportJson(const cg::CgDemoReport& report, const cg::CgDemoConfig& config, const DemoRunInfo& run) {
  QJsonArray rows;
  for (std::size_t i = 0; i < report.rows.size(); ++i) {
    const cg::CgDemoRow& row = report.rows[i];
    const std::vector<cg::CgSample> none;
    const auto& history = i < report.histories.size() ? report.histories[i] : none;
    rows.append(QJsonObject{{"version", QString::fromStdString(row.name)},
                            {"status", cg::toString(row.status)},
                            {"converged", row.status == cg::CgStatus::Converged},
                            {"iterations", static_cast<qint64>(row.iterations)},
                            {"ms_total", jsonNumber(row.msTotal)},
                            {"ms_per_iteration", jsonNumber(row.msPerIteration)},
                            {"final_relative_residual", jsonNumber(row.finalResidual)},
                            {"gb_per_s", jsonNumber(row.gbPerSecond)},
                            {"speedup_vs_cpu", jsonNumber(measuredOrNaN(row.speedupVsCpu))},
                            {"speedup_vs_cusparse", jsonNumber(measuredOrNaN(row.speedupVsCuSparse))},
                            {"history_samples", static_cast<qint64>(history.size())},
                            {"history", historyJson(history, report.n)}});
  }
  return QJsonObject{{"schema", kDemoJsonSchema},
                     {"demo", QString::fromStdString(run.demo)},
                     {"backend", QString::fromLatin1(toString(run.backend))},
                     {"device", QString::fromStdString(run.device)},
                     {"problem", QString::fromStdString(report.problem)},
                     {"n", report.n},
                     {"nnz", static_cast<qint64>(report.nnz)},
                     {"precision", precisionName(config.precision)},
                     {"preconditioner", preconditionerName(config.preconditioner)},
                     {"tolerance", config.tolerance},
                     {"max_iterations", static_cast<qint64>(maxIterationsOf(config, report.n))},
                     {"verification", QString::fromStdString(verificationRule(config))},
                     {"all_converged", allRowsConverged(report)},
                     {"rows", rows}};
}

std::string formatSolution(const std::vector<double>& x) {
  std::string text;
  char value[40];
  for (double v : x) {
    std::snprintf(value, sizeof value, "%.17g\n", v);
    text += value;
  }
  return text;
}

}  // namespace kc::cli
