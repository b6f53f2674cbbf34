#include "gpu/bench/bench_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include <nlohmann/json.hpp>

namespace kc::bench {

namespace {

// Ordered: the keys stay in the order they are written, as a reader of the file expects them.
using Json = nlohmann::ordered_json;

std::string fixed(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

// JSON has no NaN/inf: null for them; numbers keep 6 significant digits (timings, rates), as the
// tables do not need more and the files stay readable.
Json jsonNumber(double value) {
  if (!std::isfinite(value)) return nullptr;
  char text[64];
  std::snprintf(text, sizeof text, "%.6g", value);
  return std::strtod(text, nullptr);
}

// The extra columns' names as the rows give them ("uploadMs") in the JSON's one key style ("upload_ms").
std::string snakeCase(const std::string& name) {
  std::string out;
  for (char c : name) {
    if (c >= 'A' && c <= 'Z') {
      if (!out.empty() && out.back() != '_') out += '_';
      out += static_cast<char>(c - 'A' + 'a');
    } else {
      out += c;
    }
  }
  return out;
}

std::string rateText(const BenchRow& row) {
  if (row.flops > 0) return fixed(row.gflopPerS(), 1) + " GFLOP/s";
  if (row.bytes > 0) return fixed(row.gbPerS(), 1) + " GB/s";
  return "";
}

// Microseconds in the table (the JSON keeps ms): "" when there is no figure.
std::string usText(double ms) { return ms > 0 ? fixed(1000.0 * ms, 2) : ""; }

std::string percentText(double percent) { return percent > 0 ? fixed(percent, 1) + "%" : ""; }

std::string bytesText(double bytes) {
  return bytes >= 1e9   ? fixed(bytes / 1e9, 2) + " GB"
         : bytes >= 1e6 ? fixed(bytes / 1e6, 1) + " MB"
                        : fixed(bytes / 1e3, 1) + " kB";
}

// Where a row has no graph figure, the table's cell says "n/a" and the note says why.
std::string noteText(const BenchRow& row, bool showGraph) {
  if (!showGraph || row.graphNote.empty()) return row.note;
  return row.note + (row.note.empty() ? "" : "; ") + "graph: " + row.graphNote;
}

bool hasGraphFigures(const BenchReport& report) { return report.graphLaunches > 0; }

std::string clockText(const BenchReport& report) {
  return "before " + describeClock(report.clockBefore) + ", after " + describeClock(report.clockAfter) +
         "; read, never set";
}

bool clockRead(const SmClock& clock) { return clock.known() || !clock.error.empty(); }

Json jsonClock(const SmClock& clock) {
  Json json;
  json["mhz"] = clock.known() ? Json(clock.mhz) : Json(nullptr);
  json["max_mhz"] = clock.maxMhz > 0 ? Json(clock.maxMhz) : Json(nullptr);
  json["source"] = clock.source;
  json["error"] = clock.error;
  return json;
}

// JSON null for "no figure" (0 or negative: not measured, or not applicable to the row), the
// number otherwise. Every figure of the report goes through here: 0.0 in the JSON is a measurement.
Json jsonFigure(double value) { return value > 0 ? jsonNumber(value) : Json(nullptr); }

}  // namespace

LineFit fitRelativeLeastSquares(const std::vector<std::pair<double, double>>& points) {
  // Weighted least squares with weights 1 / y^2: minimise sum w (y - a - b x)^2. Two passes
  // (weighted means, then centred sums) so that bytes up to 1e9 lose no precision.
  double sw = 0, sx = 0, sy = 0;
  auto usable = [](double x, double y) { return y > 0 && std::isfinite(x) && std::isfinite(y); };
  for (const auto& [x, y] : points) {
    if (!usable(x, y)) continue;
    const double w = 1.0 / (y * y);
    sw += w;
    sx += w * x;
    sy += w * y;
  }
  LineFit fit;
  if (!(sw > 0)) return fit;
  const double mx = sx / sw, my = sy / sw;
  double sxx = 0, sxy = 0;
  for (const auto& [x, y] : points) {
    if (!usable(x, y)) continue;
    const double w = 1.0 / (y * y);
    sxx += w * (x - mx) * (x - mx);
    sxy += w * (x - mx) * (y - my);
  }
  if (!(sxx > 1e-24 * sw * (mx * mx + 1))) return fit;  // fewer than two distinct x
  fit.slope = sxy / sxx;
  fit.intercept = my - fit.slope * mx;
  return fit;
}

CopyFit fitCopies(const std::vector<double>& bytes, const std::vector<double>& ms, const std::vector<double>& graphMs) {
  std::vector<std::pair<double, double>> events, graph;
  CopyFit fit;
  for (std::size_t i = 0; i < bytes.size() && i < ms.size(); ++i) {
    if (ms[i] > 0) events.emplace_back(bytes[i], ms[i]);
    if (i < graphMs.size() && graphMs[i] > 0) graph.emplace_back(bytes[i], graphMs[i]);
    fit.minBytes = i == 0 ? bytes[i] : std::min(fit.minBytes, bytes[i]);
    fit.maxBytes = std::max(fit.maxBytes, bytes[i]);
  }
  // ms = a + bytes * b: a in ms, b in ms per byte; GB/s = 1 / (b * 1e6).
  const LineFit e = fitRelativeLeastSquares(events);
  const LineFit g = fitRelativeLeastSquares(graph);
  if (e.slope > 0) {
    fit.fixedUs = 1000.0 * e.intercept;
    fit.gbPerS = 1.0 / (e.slope * 1e6);
    fit.points = static_cast<int>(events.size());
  }
  if (g.slope > 0) {
    fit.graphFixedUs = 1000.0 * g.intercept;
    fit.graphGbPerS = 1.0 / (g.slope * 1e6);
  }
  return fit;
}

double percentColumn(const BenchRow& row, double rooflineGBs) {
  if (row.flops > 0) return row.baselineMs > 0 ? 100.0 * row.speedup() : -1;
  if (row.bytes > 0 && rooflineGBs > 0) return 100.0 * row.gbPerS() / rooflineGBs;
  return -1;
}

std::string progressLine(const BenchRow& row) {
  char text[256];
  if (row.graphMs > 0)
    std::snprintf(text, sizeof text, "  %-58s %10.4f ms %10.4f ms graph\n", row.name.c_str(), row.ms, row.graphMs);
  else
    std::snprintf(text, sizeof text, "  %-58s %10.4f ms%s\n", row.name.c_str(), row.ms,
                  row.graphNote.empty() ? "" : "        graph n/a");
  return text;
}

std::string formatMarkdown(const BenchReport& report) {
  const bool graph = hasGraphFigures(report);
  std::ostringstream out;
  out << "device: " << report.device << "\n";
  if (clockRead(report.clockBefore) || clockRead(report.clockAfter)) out << "SM clock: " << clockText(report) << "\n";
  if (!report.method.empty()) {
    out << "method: " << report.method << "\n";
  } else {
    out << "method: events: CUDA-event median of " << report.reps << " runs after " << report.warmup
        << " warm-up runs, an event pair around each";
    if (graph)
      out << "; graph: the runs (>= " << report.graphMinReps << " when short) captured in one CUDA graph, median of "
          << report.graphLaunches << " launches over its runs";
    out << "; inputs rotated over >= 2x L2; copy roofline " << fixed(report.rooflineGBs, 1)
        << " GB/s (bytes read + written)\n";
  }
  const CopyFit& fit = report.copyFit;
  if (fit.points > 0) {
    out << "copy fit: t = " << fixed(fit.fixedUs, 2) << " us + bytes / " << fixed(fit.gbPerS, 1) << " GB/s (events)";
    if (fit.graphGbPerS > 0)
      out << ", " << fixed(fit.graphFixedUs, 2) << " us + bytes / " << fixed(fit.graphGbPerS, 1) << " GB/s (graph)";
    out << "; " << fit.points << " rotated D2D copies moving " << bytesText(fit.minBytes) << " .. "
        << bytesText(fit.maxBytes) << ", least squares on the relative error\n";
  }
  out << "\n";
  const std::string timeColumn = graph ? "us/rep (events) | us/rep (graph)" : "us/rep";
  out << "| what | " << timeColumn << " | rate | % of roofline (GEMM: % of cuBLAS) | " << (graph ? "% of copy | " : "")
      << "baseline | baseline us/rep | speed-up | CPU backend us | OpenCV CPU us | note |\n";
  out << "|---|---:|" << (graph ? "---:|" : "") << "---:|---:|" << (graph ? "---:|" : "")
      << "---|---:|---:|---:|---:|---|\n";
  for (const auto& row : report.rows) {
    const double percent = percentColumn(row, report.rooflineGBs);
    out << "| " << row.name << " | " << usText(row.ms) << " | ";
    if (graph) out << (row.graphMs > 0 ? usText(row.graphMs) : row.graphNote.empty() ? "" : "n/a") << " | ";
    out << rateText(row) << " | " << (percent >= 0 ? fixed(percent, 1) + "%" : "") << " | ";
    if (graph) out << percentText(row.percentOfCopy()) << " | ";
    out << row.baselineName << " | " << usText(row.baselineMs) << " | "
        << (row.baselineMs > 0 ? fixed(row.speedup(), 2) + "x" : "") << " | " << usText(row.cpuBackendMs) << " | "
        << usText(row.cpuBaselineMs) << " | " << noteText(row, graph) << " |\n";
  }
  return out.str();
}

// Keys are snake_case with a "schema" field, like the process and demo JSON of the Qt CLI
// (app/cli/json_schema.hpp); bump the number when a key changes meaning or goes away.
// 2: graph figures, the copy of the same bytes, the copy fit and the SM clock; the CG rows'
// baseline is the library iteration replayed in a graph as the fused solver is.
// 3: null for every figure not measured (was 0); "device" is the device's name alone (the CPU's
// model name on the CPU backend, as process and demo give it); the CPU rows' CPU times are
// backend_cpu_time_ms and baseline_cpu_time_ms, and they carry cpu_backend_ms / cpu_baseline_ms
// as the GPU rows do.
std::string formatJson(const BenchReport& report) {
  const CopyFit& fit = report.copyFit;
  Json json;  // keys in the order written
  json["schema"] = kBenchJsonSchema;
  json["device"] = report.device;
  json["method"] = report.method;
  json["l2_bytes"] = report.l2Bytes > 0 ? Json(report.l2Bytes) : Json(nullptr);
  json["roofline_gbs"] = jsonFigure(report.rooflineGBs);
  json["reps"] = report.reps;
  json["warmup"] = report.warmup;
  json["graph_launches"] = report.graphLaunches;
  json["graph_min_reps"] = report.graphMinReps;
  json["sm_clock_before"] = jsonClock(report.clockBefore);
  json["sm_clock_after"] = jsonClock(report.clockAfter);
  // A fit's fixed cost may come out 0 or below; without points there is no fit at all.
  const auto fitted = [&](double value) { return fit.points > 0 ? jsonNumber(value) : Json(nullptr); };
  json["copy_fit"] = {{"points", fit.points},
                      {"fixed_us", fitted(fit.fixedUs)},
                      {"gb_per_s", fitted(fit.gbPerS)},
                      {"graph_fixed_us", fit.graphGbPerS > 0 ? fitted(fit.graphFixedUs) : Json(nullptr)},
                      {"graph_gb_per_s", jsonFigure(fit.graphGbPerS)},
                      {"min_bytes", fitted(fit.minBytes)},
                      {"max_bytes", fitted(fit.maxBytes)}};
  Json rows = Json::array();
  for (const BenchRow& row : report.rows) {
    Json r;
    r["name"] = row.name;
    r["group"] = row.group;
    r["key"] = row.key;
    r["ms"] = jsonFigure(row.ms);
    r["graph_ms"] = jsonFigure(row.graphMs);
    r["graph_reps"] = row.graphReps;
    r["graph_note"] = row.graphNote;
    r["bytes"] = jsonFigure(row.bytes);
    r["flops"] = jsonFigure(row.flops);
    r["gb_per_s"] = jsonFigure(row.gbPerS());
    r["gflop_per_s"] = jsonFigure(row.gflopPerS());
    r["percent"] = jsonFigure(percentColumn(row, report.rooflineGBs));
    r["buffer_sets"] = row.sets;
    r["copy_ms"] = jsonFigure(row.copyMs);
    r["copy_graph_ms"] = jsonFigure(row.copyGraphMs);
    r["percent_of_copy"] = jsonFigure(row.percentOfCopy());
    r["percent_of_copy_graph"] = jsonFigure(row.percentOfCopyGraph());
    r["is_baseline"] = row.isBaseline;
    r["baseline_name"] = row.baselineName;
    r["baseline_ms"] = jsonFigure(row.baselineMs);
    r["speedup"] = jsonFigure(row.speedup());
    r["baseline_graph_ms"] = jsonFigure(row.baselineGraphMs);
    r["graph_speedup"] = jsonFigure(row.graphSpeedup());
    r["cpu_baseline_name"] = row.cpuBaselineName;
    r["cpu_baseline_ms"] = jsonFigure(row.cpuBaselineMs);
    r["cpu_backend_ms"] = jsonFigure(row.cpuBackendMs);
    r["note"] = row.note;
    for (const auto& [name, value] : row.extra) r[snakeCase(name)] = jsonFigure(value);
    rows.push_back(std::move(r));
  }
  json["rows"] = std::move(rows);
  // Text that is not valid UTF-8 (a device or file name) is replaced, never a throw mid-report.
  return json.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace kc::bench
