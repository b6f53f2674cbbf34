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

std::string formatJson(const BenchReport& report) {
  std::ostringstream out;
  out << "{\n  \"device\": " << jsonString(report.device) << ",\n  \"method\": " << jsonString(report.method)
      << ",\n  \"l2Bytes\": " << report.l2Bytes
      << ",\n  \"rooflineGBs\": " << jsonNumber(report.rooflineGBs) << ",\n  \"reps\": " << report.reps
      << ",\n  \"warmup\": " << report.warmup << ",\n  \"rows\": [";
  for (std::size_t i = 0; i < report.rows.size(); ++i) {
    const BenchRow& row = report.rows[i];
    out << (i ? "," : "") << "\n    {\"name\": " << jsonString(row.name) << ", \"group\": " << jsonString(row.group)
        << ", \"key\": " << jsonString(row.key) << ", \"ms\": " << jsonNumber(row.ms)
        << ", \"bytes\": " << jsonNumber(row.bytes) << ", \"flops\": " << jsonNumber(row.flops)
        << ", \"gbPerS\": " << jsonNumber(row.gbPerS()) << ", \"gflopPerS\": " << jsonNumber(row.gflopPerS())
        << ", \"percent\": " << jsonNumber(percentColumn(row, report.rooflineGBs))
        << ", \"isBaseline\": " << (row.isBaseline ? "true" : "false")
        << ", \"baselineName\": " << jsonString(row.baselineName) << ", \"baselineMs\": " << jsonNumber(row.baselineMs)
        << ", \"speedup\": " << jsonNumber(row.speedup())
        << ", \"cpuBaselineName\": " << jsonString(row.cpuBaselineName)
        << ", \"cpuBaselineMs\": " << jsonNumber(row.cpuBaselineMs)
        << ", \"cpuBackendMs\": " << jsonNumber(row.cpuBackendMs) << ", \"note\": " << jsonString(row.note);
    for (const auto& [name, value] : row.extra) out << ", " << jsonString(name) << ": " << jsonNumber(value);
    out << "}";
  }
  out << "\n  ]\n}\n";
  return out.str();
}

}  // namespace kc::bench
