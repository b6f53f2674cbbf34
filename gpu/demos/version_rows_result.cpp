#include "gpu/demos/version_rows_result.hpp"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>

#include "gpu/core/text_table.hpp"
#include "gpu/demos/demo_json.hpp"

namespace kc::demos {

namespace {

const char* kindName(DemoRowKind kind) {
  switch (kind) {
    case DemoRowKind::Cpu:
      return "cpu";
    case DemoRowKind::Gpu:
      return "gpu";
    case DemoRowKind::Library:
      return "library";
  }
  return "unknown";
}

std::string throughputUnit(const DemoReport& report) {
  for (const DemoRow& row : report.rows)
    if (!row.throughputUnit.empty()) return row.throughputUnit;
  return "throughput";
}

std::string correctText(const DemoRow& row) { return row.skipped ? "skipped" : row.correct ? "yes" : "NO"; }

// ---- the command line: timings span 1e-3 ms (a tiny kernel) to seconds (a CPU product), ~4
// significant digits each.
std::string formatMs(double ms) { return formatFixed(ms, ms < 1 ? 4 : 3); }
std::string formatThroughput(double value) { return formatFixed(value, value < 10 ? 2 : 1); }
std::string formatSpeedup(const std::optional<double>& speedup) {
  return speedup ? formatFixed(*speedup, 2) + "x" : "-";
}

// ---- the panel: ms over four orders of magnitude (CPU vs tuned kernels), three significant
// digits each; speedups as "12.50×".
std::string printed(const char* format, double value, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, format, digits, value);
  return text;
}
std::string panelMs(double ms) { return std::isfinite(ms) ? printed("%.*g", ms, ms >= 100 ? 5 : 3) : ""; }
std::string panelNumber(double value) { return std::isfinite(value) ? printed("%.*f", value, 1) : ""; }
std::string panelSpeedup(const std::optional<double>& value) {
  return value ? printed("%.*f", *value, *value >= 100 ? 0 : 2) + "\u00d7" : "";
}

}  // namespace

bool allRowsCorrect(const DemoReport& report) {
  for (const DemoRow& row : report.rows)
    if (!row.skipped && !row.correct) return false;
  return true;
}

std::string VersionRowsResult::commandLineTable() const {
  using Align = TextTable::Align;
  TextTable table({{"version", Align::Left},
                   {"ms"},
                   {throughputUnit(report_)},
                   {"vs GPU 1"},
                   {"vs CPU"},
                   {"vs library"},
                   {"correct", Align::Left},
                   {"note", Align::Left}});
  for (const DemoRow& row : report_.rows) {
    std::string note = row.note;
    if (!row.result.empty()) note += (note.empty() ? "" : "; ") + std::string("result ") + row.result;
    table.addRow({row.version, formatMs(row.ms), formatThroughput(row.throughput), formatSpeedup(row.speedupVsFirstGpu),
                  formatSpeedup(row.speedupVsCpu), formatSpeedup(row.speedupVsLibrary), correctText(row), note});
  }
  return table.format() +
         "\nSpeedups: the reference row's ms over this row's ms (GPU 1 = the first GPU version); - = not run.\n"
         "Verification: " +
         report_.verification + "\n";
}

std::string VersionRowsResult::jsonFields() const {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  const auto speedup = [](const std::optional<double>& value) {
    return value ? jsonNumber(*value) : nlohmann::ordered_json(nullptr);
  };
  for (const DemoRow& row : report_.rows)
    rows.push_back({{"version", row.version},
                    {"kind", kindName(row.kind)},
                    {"ms", jsonNumber(row.ms)},
                    {"throughput", jsonNumber(row.throughput)},
                    {"throughput_unit", row.throughputUnit},
                    {"speedup_vs_first_gpu", speedup(row.speedupVsFirstGpu)},
                    {"speedup_vs_cpu", speedup(row.speedupVsCpu)},
                    {"speedup_vs_library", speedup(row.speedupVsLibrary)},
                    {"correct", row.correct},
                    {"skipped", row.skipped},
                    {"note", row.note},
                    {"result", row.result},
                    {"why", row.why},
                    {"source_anchor", row.sourceAnchor}});
  return jsonText({{"problem", report_.title},
                   {"verification", report_.verification},
                   {"all_correct", allRowsCorrect(report_)},
                   {"rows", rows}});
}

DemoTable VersionRowsResult::table() const {
  using Align = DemoTable::Align;
  DemoTable table;
  const std::string unit = report_.rows.empty() ? "GB/s" : report_.rows[0].throughputUnit;
  table.columns = {{"version", Align::Left},
                   {"ms"},
                   {unit},
                   {"vs 1st GPU"},
                   {"vs CPU"},
                   {"vs library"},
                   {"correct", Align::Center},
                   {"result / note", Align::Left}};
  constexpr int kCorrectColumn = 6;
  for (const DemoRow& row : report_.rows) {
    const std::string detail =
        row.result.empty() ? row.note : (row.note.empty() ? row.result : row.result + "; " + row.note);
    DemoTable::Row shown{
        {row.version, panelMs(row.ms), panelNumber(row.throughput), panelSpeedup(row.speedupVsFirstGpu),
         panelSpeedup(row.speedupVsCpu), panelSpeedup(row.speedupVsLibrary), correctText(row), detail},
        {},
        row.sourceAnchor,
        row.why};
    if (!row.correct && !row.skipped) shown.alarming.push_back(kCorrectColumn);
    table.rows.push_back(std::move(shown));
  }
  return table;
}

DemoChart VersionRowsResult::chart() const {
  DemoChart chart;
  chart.kind = DemoChart::Kind::Bars;
  chart.unit = report_.rows.empty() ? "GB/s" : report_.rows.front().throughputUnit;
  for (const DemoRow& row : report_.rows)
    chart.bars.push_back({row.version + (row.skipped ? " (skipped)" : ""),
                          row.skipped || !std::isfinite(row.throughput) ? 0.0 : row.throughput});
  return chart;
}

std::string VersionRowsResult::failure() const {
  return allRowsCorrect(report_) ? std::string() : "a version gave a wrong result (see the table)";
}

}  // namespace kc::demos
