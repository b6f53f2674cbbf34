#include "app/cli/demo_format.hpp"

#include <QJsonArray>
#include <cmath>
#include <optional>

#include "app/cli/json_schema.hpp"
#include "gpu/core/text_table.hpp"

namespace kc::cli {

namespace {

using demos::DemoReport;
using demos::DemoRow;
using demos::DemoRowKind;

const char* kindName(DemoRowKind kind) {
  switch (kind) {
    case DemoRowKind::Cpu: return "cpu";
    case DemoRowKind::Gpu: return "gpu";
    case DemoRowKind::Library: return "library";
  }
  return "unknown";
}

// Timings span 1e-3 ms (a tiny kernel) to seconds (a CPU product): keep ~4 significant digits.
std::string formatMs(double ms) { return formatFixed(ms, ms < 1 ? 4 : 3); }
std::string formatThroughput(double value) { return formatFixed(value, value < 10 ? 2 : 1); }
std::string formatSpeedup(const std::optional<double>& speedup) {
  return speedup ? formatFixed(*speedup, 2) + "x" : "-";
}

std::string throughputUnit(const DemoReport& report) {
  for (const DemoRow& row : report.rows)
    if (!row.throughputUnit.empty()) return row.throughputUnit;
  return "throughput";
}

QJsonValue jsonSpeedup(const std::optional<double>& speedup) {
  return speedup ? jsonNumber(*speedup) : QJsonValue(QJsonValue::Null);
}

}  // namespace

QJsonValue jsonNumber(double value) { return std::isfinite(value) ? QJsonValue(value) : QJsonValue(QJsonValue::Null); }

std::string demoHeaderLine(const DemoRunInfo& run, const std::string& problem) {
  return run.demo + " demo on " + run.device + " (backend " + toString(run.backend) + "): " + problem;
}

bool allRowsCorrect(const DemoReport& report) {
  for (const DemoRow& row : report.rows)
    if (!row.skipped && !row.correct) return false;
  return true;
}

std::string formatDemoTable(const DemoReport& report, const DemoRunInfo& run) {
  using Align = TextTable::Align;
  TextTable table({{"version", Align::Left},
                   {"ms"},
                   {throughputUnit(report)},
                   {"vs GPU 1"},
                   {"vs CPU"},
                   {"vs library"},
                   {"correct", Align::Left},
                   {"note", Align::Left}});
  for (const DemoRow& row : report.rows) {
    std::string note = row.note;
    if (!row.result.empty()) note += (note.empty() ? "" : "; ") + std::string("result ") + row.result;
    table.addRow({row.version, formatMs(row.ms), formatThroughput(row.throughput), formatSpeedup(row.speedupVsFirstGpu),
                  formatSpeedup(row.speedupVsCpu), formatSpeedup(row.speedupVsLibrary),
                  row.skipped ? "skipped" : row.correct ? "yes" : "NO", note});
  }
  return demoHeaderLine(run, report.title) + "\n\n" + table.format() +
         "\nSpeedups: the reference row's ms over this row's ms (GPU 1 = the first GPU version); - = not run.\n"
         "Verification: " + report.verification + "\n";
}

QJsonObject demoReportJson(const DemoReport& report, const DemoRunInfo& run) {
  QJsonArray rows;
  for (const DemoRow& row : report.rows)
    rows.append(QJsonObject{{"version", QString::fromStdString(row.version)},
                            {"kind", kindName(row.kind)},
                            {"ms", jsonNumber(row.ms)},
                            {"throughput", jsonNumber(row.throughput)},
                            {"throughput_unit", QString::fromStdString(row.throughputUnit)},
                            {"speedup_vs_first_gpu", jsonSpeedup(row.speedupVsFirstGpu)},
                            {"speedup_vs_cpu", jsonSpeedup(row.speedupVsCpu)},
                            {"speedup_vs_library", jsonSpeedup(row.speedupVsLibrary)},
                            {"correct", row.correct},
                            {"skipped", row.skipped},
                            {"note", QString::fromStdString(row.note)},
                            {"result", QString::fromStdString(row.result)},
                            {"why", QString::fromStdString(row.why)},
                            {"source_anchor", QString::fromStdString(row.sourceAnchor)}});
  return QJsonObject{{"schema", kDemoJsonSchema},
                     {"demo", QString::fromStdString(run.demo)},
                     {"backend", QString::fromLatin1(toString(run.backend))},
                     {"device", QString::fromStdString(run.device)},
                     {"problem", QString::fromStdString(report.title)},
                     {"verification", QString::fromStdString(report.verification)},
                     {"all_correct", allRowsCorrect(report)},
                     {"rows", rows}};
}

}  // namespace kc::cli
