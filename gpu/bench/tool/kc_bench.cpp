// kc_bench: the bench without Qt or OpenCV, so it builds on the GPU machine with NPP
// (scripts/device/run-bench.sh). Same options as `kernelcam bench`.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "gpu/bench/bench_options.hpp"
#include "gpu/bench/bench_report.hpp"
#include "gpu/bench/bench_runner.hpp"
#include "gpu/core/error.hpp"

namespace {

void writeFile(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out) throw std::runtime_error("cannot write '" + path + "'");
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
      std::cout << kc::bench::benchUsage();
      return 0;
    }
    const kc::bench::BenchOptions options = kc::bench::parseBenchOptions(args);
    const kc::bench::BenchReport report = kc::bench::runBench(
        options, [](const kc::bench::BenchRow& row) { std::fputs(kc::bench::progressLine(row).c_str(), stderr); });
    const std::string table = kc::bench::formatMarkdown(report);
    if (!options.markdownPath.empty()) writeFile(options.markdownPath, table);
    if (!options.jsonPath.empty()) writeFile(options.jsonPath, kc::bench::formatJson(report));
    std::cout << table;
    return 0;
  } catch (const kc::InvalidArgument& e) {
    std::cerr << "kc_bench: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "kc_bench: " << e.what() << "\n";
    return 1;
  }
}
