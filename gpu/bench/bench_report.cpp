#include "gpu/bench/bench_report.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace kc::bench {

namespace {

std::string fixed(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string jsonString(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char esc[8];
          std::snprintf(esc, sizeof esc, "\\u%04x", c);
          out += esc;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

// JSON has no NaN/inf: write null for them.
std::string jsonNumber(double value) {
  if (!std::isfinite(value)) return "null";
  char text[64];
  std::snprintf(text, sizeof text, "%.6g", value);
  return text;
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

}  // namespace

double percentColumn(const BenchRow& row, double rooflineGBs) {
  if (row.flops > 0) return row.baselineMs > 0 ? 100.0 * row.speedup() : -1;
  if (row.bytes > 0 && rooflineGBs > 0) return 100.0 * row.gbPerS() / rooflineGBs;
  return -1;
}

std::string formatMarkdown(const BenchReport& report) {
  std::ostringstream out;
  out << "device: " << report.device << "\n";
  if (!report.method.empty())
    out << "method: " << report.method << "\n\n";
  else
    out << "method: CUDA-event median of " << report.reps << " runs after " << report.warmup
        << " warm-up runs; inputs rotated over >= 2x L2; copy roofline " << fixed(report.rooflineGBs, 1)
        << " GB/s (bytes read + written)\n\n";
  out << "| what | ms (median) | rate | % of roofline (GEMM: % of cuBLAS) | baseline | baseline ms | speed-up | CPU backend ms | OpenCV CPU ms | note |\n";
  out << "|---|---:|---:|---:|---|---:|---:|---:|---:|---|\n";
  for (const auto& row : report.rows) {
    double percent = percentColumn(row, report.rooflineGBs);
    out << "| " << row.name << " | " << fixed(row.ms, 4) << " | " << rateText(row) << " | "
        << (percent >= 0 ? fixed(percent, 1) + "%" : "") << " | " << row.baselineName << " | "
        << (row.baselineMs > 0 ? fixed(row.baselineMs, 4) : "") << " | "
        << (row.baselineMs > 0 ? fixed(row.speedup(), 2) + "x" : "") << " | "
        << (row.cpuBackendMs > 0 ? fixed(row.cpuBackendMs, 3) : "") << " | "
        << (row.cpuBaselineMs > 0 ? fixed(row.cpuBaselineMs, 3) : "") << " | " << row.note << " |\n";
  }
  return out.str();
}

// Keys are snake_case with a "schema" field, like the process and demo JSON of the Qt CLI
// (app/cli/json_schema.hpp); bump the number when a key changes meaning or goes away.
std::string formatJson(const BenchReport& report) {
  std::ostringstream out;
  out << "{\n  \"schema\": \"kernelcam-bench/1\",\n  \"device\": " << jsonString(report.device)
      << ",\n  \"method\": " << jsonString(report.method) << ",\n  \"l2_bytes\": " << report.l2Bytes
      << ",\n  \"roofline_gbs\": " << jsonNumber(report.rooflineGBs) << ",\n  \"reps\": " << report.reps
      << ",\n  \"warmup\": " << report.warmup << ",\n  \"rows\": [";
  for (std::size_t i = 0; i < report.rows.size(); ++i) {
    const BenchRow& row = report.rows[i];
    out << (i ? "," : "") << "\n    {\"name\": " << jsonString(row.name) << ", \"group\": " << jsonString(row.group)
        << ", \"key\": " << jsonString(row.key) << ", \"ms\": " << jsonNumber(row.ms)
        << ", \"bytes\": " << jsonNumber(row.bytes) << ", \"flops\": " << jsonNumber(row.flops)
        << ", \"gb_per_s\": " << jsonNumber(row.gbPerS()) << ", \"gflop_per_s\": " << jsonNumber(row.gflopPerS())
        << ", \"percent\": " << jsonNumber(percentColumn(row, report.rooflineGBs))
        << ", \"is_baseline\": " << (row.isBaseline ? "true" : "false")
        << ", \"baseline_name\": " << jsonString(row.baselineName)
        << ", \"baseline_ms\": " << jsonNumber(row.baselineMs) << ", \"speedup\": " << jsonNumber(row.speedup())
        << ", \"cpu_baseline_name\": " << jsonString(row.cpuBaselineName)
        << ", \"cpu_baseline_ms\": " << jsonNumber(row.cpuBaselineMs)
        << ", \"cpu_backend_ms\": " << jsonNumber(row.cpuBackendMs) << ", \"note\": " << jsonString(row.note);
    for (const auto& [name, value] : row.extra) out << ", " << jsonString(snakeCase(name)) << ": " << jsonNumber(value);
    out << "}";
  }
  out << "\n  ]\n}\n";
  return out.str();
}

}  // namespace kc::bench
