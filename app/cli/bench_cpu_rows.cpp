#include "app/cli/bench_cpu_rows.hpp"

#include <opencv2/core.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <map>
#include <optional>
#include <random>
#include <tuple>

#include "gpu/core/cpu_name.hpp"
#include "gpu/core/elapsed.hpp"
#include "gpu/pipeline/chain_shape.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_ops.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"
#include "gpu/pipeline/frame_stats.hpp"
#include "gpu/pipeline/stage_registry.hpp"

namespace kc::cli {

namespace {

using Clock = std::chrono::steady_clock;

// A reference loop takes up to seconds a call (conv 5x5 on a 4K RGBA frame): a few runs do.
constexpr int kReferenceReps = 3;

// Wall-clock medians, and the process's CPU time (all threads) per call: on a machine whose cores
// other work shares, a call longer than a scheduler time slice waits for the core in its wall time,
// while its CPU time still says how much work it did.
struct CpuStageTimes {
  double backendMs = 0, backendCpuMs = 0;
  std::string baselineName;  // "" when the stage has no bare OpenCV call (a build without OpenCV)
  double baselineMs = 0, baselineCpuMs = 0;
  double referenceMs = 0;  // 0 when not timed
};

double cpuMsBetween(std::clock_t a, std::clock_t b) { return 1e3 * static_cast<double>(b - a) / CLOCKS_PER_SEC; }

// Times f: its wall and CPU milliseconds are appended.
template <class F>
void timeCall(F&& f, std::vector<double>& wallMs, std::vector<double>& cpuMs) {
  const std::clock_t cpuStart = std::clock();
  const auto start = Clock::now();
  f();
  wallMs.push_back(msBetween(start, Clock::now()));
  cpuMs.push_back(cpuMsBetween(cpuStart, std::clock()));
}

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return 0.5 * (values[(n - 1) / 2] + values[n / 2]);
}

HostFrame randomFrame(PixelFormat format, bench::ImageSize size) {
  HostFrame frame = makeHostFrame(format, size.width, size.height);
  unsigned char* bytes = format == PixelFormat::Gray8 ? frame.gray.bytes() : frame.rgba.bytes();
  const std::size_t count = format == PixelFormat::Gray8 ? frame.gray.sizeBytes() : frame.rgba.sizeBytes();
  std::mt19937 rng(6);
  for (std::size_t i = 0; i < count; ++i) bytes[i] = static_cast<unsigned char>(rng() >> 24);
  return frame;
}

// One stage on a random width x height input. The CPU backend and the bare OpenCV call run in
// turns, one of each per repetition, so that both see the same machine: other work on a shared
// machine's cores comes and goes, and would otherwise favour whichever ran in a quiet moment.
CpuStageTimes timeStage(const StageSpec& stage, bench::ImageSize size, bool grayInput,
                        const bench::BenchOptions& options, int referenceReps) {
  const StageDefinition& definition = *stage.definition;
  const HostFrame in = randomFrame(grayInput ? PixelFormat::Gray8 : PixelFormat::Rgba8, size);
  const FrameShape shape = stageOutputShape(stage, {size.width, size.height, in.format});
  HostFrame out = definition.producesImage ? makeHostFrame(shape.format, shape.width, shape.height) : HostFrame{};
  FrameStats stats;
  const CpuStageIo io{in, out, stats};
  std::optional<CpuBaselineCall> bare;
  if (definition.cpuBaseline) bare = definition.cpuBaseline(stage, io);

  for (int i = 0; i < options.warmup; ++i) {
    definition.applyCpu(stage, io);
    if (bare) bare->run();
  }
  std::vector<double> backend, backendCpu, baseline, baselineCpu, reference, referenceCpu;
  for (int i = 0; i < options.reps; ++i) {
    timeCall([&] { definition.applyCpu(stage, io); }, backend, backendCpu);
    if (bare) timeCall(bare->run, baseline, baselineCpu);
  }
  for (int i = 0; i < referenceReps; ++i)
    timeCall([&] { definition.applyReference(stage, io); }, reference, referenceCpu);
  CpuStageTimes times;
  times.backendMs = median(backend);
  times.backendCpuMs = median(backendCpu);
  if (bare) {
    times.baselineName = bare->name;
    times.baselineMs = median(baseline);
    times.baselineCpuMs = median(baselineCpu);
  }
  times.referenceMs = median(reference);
  return times;
}

std::string cpuRowNote(const CpuStageTimes& times) {
  char text[160];
  std::snprintf(text, sizeof text, "CPU time %.3g / %.3g ms (all threads); reference loop %.3g ms (%.0fx)",
                times.backendCpuMs, times.baselineCpuMs, times.referenceMs,
                times.backendMs > 0 ? times.referenceMs / times.backendMs : 0.0);
  return text;
}

std::string rowName(const StageSpec& stage, bench::ImageSize size, bool grayInput) {
  return stageLabel(stage) + (grayInput ? " gray " : " RGBA ") + bench::sizeLabel(size);
}

std::string cpuMethod(const bench::BenchOptions& options) {
  return "steady-clock median of " + std::to_string(options.reps) + " runs after " + std::to_string(options.warmup) +
         " warm-up runs (wall clock; CPU time of all threads in the note), the CPU backend (applyCpu) and the bare "
         "OpenCV call in turns on the same random input; "
         "reference loop: median of " +
         std::to_string(kReferenceReps) + " runs; OpenCV " + CV_VERSION + ", " + std::to_string(cv::getNumThreads()) +
         " threads";
}

}  // namespace

bench::BenchReport runCpuBench(const bench::BenchOptions& options,
                               const std::function<void(const bench::BenchRow&)>& onRow) {
  bench::BenchReport report;
  report.device = cpuModelName();  // as process and demo name it; "backend" is the rows' key prefix
  report.method = cpuMethod(options);
  report.reps = options.reps;
  report.warmup = options.warmup;
  for (const StageDefinition* definition : stageRegistry().all()) {
    if (!bench::groupSelected(options, definition->id)) continue;
    for (const std::string& text : definition->benchCases) {
      const StageSpec stage = parseStage(text);
      for (bench::ImageSize size : options.sizes)
        for (bool grayInput : {true, false}) {
          const FrameShape in{size.width, size.height, grayInput ? PixelFormat::Gray8 : PixelFormat::Rgba8};
          const std::string name = rowName(stage, size, grayInput);
          if (stageIsNoOp(stage, in) || !bench::rowSelected(options, definition->id, name)) continue;
          const CpuStageTimes times = timeStage(stage, size, grayInput, options, kReferenceReps);
          bench::BenchRow row;
          row.name = name;
          row.group = definition->id;
          row.key = "cpu/" + definition->id + "/" + formatStage(stage) + (grayInput ? "/gray/" : "/rgba/") +
                    bench::sizeLabel(size);
          row.ms = times.backendMs;
          row.bytes = stageBytes(stage, in);
          row.baselineName = times.baselineName;
          row.baselineMs = times.baselineMs;
          row.stage = formatStage(stage);
          row.width = size.width;
          row.height = size.height;
          row.grayInput = grayInput;
          row.note = cpuRowNote(times);
          // The CPU columns carry the same figures under the names a GPU report gives them: one
          // name per figure across reports (cpu_backend_ms is the CPU backend's wall time everywhere).
          row.cpuBackendMs = times.backendMs;
          row.cpuBaselineName = times.baselineName;
          row.cpuBaselineMs = times.baselineMs;
          // CPU time of all threads, not wall time: named for what they are.
          row.extra = {{"referenceMs", times.referenceMs},
                       {"backendCpuTimeMs", times.backendCpuMs},
                       {"baselineCpuTimeMs", times.baselineCpuMs}};
          report.rows.push_back(std::move(row));
          if (onRow) onRow(report.rows.back());
        }
    }
  }
  return report;
}

void addCpuColumns(bench::BenchReport& report, const bench::BenchOptions& options) {
  // Several GPU rows time the same stage (conv's general and separable paths): time it once.
  std::map<std::tuple<std::string, int, int, bool>, CpuStageTimes> measured;
  for (bench::BenchRow& row : report.rows) {
    if (row.stage.empty()) continue;
    const auto key = std::make_tuple(row.stage, row.width, row.height, row.grayInput);
    auto it = measured.find(key);
    if (it == measured.end())
      it = measured.emplace(key, timeStage(parseStage(row.stage), {row.width, row.height}, row.grayInput, options, 0))
               .first;
    row.cpuBackendMs = it->second.backendMs;
    row.cpuBaselineName = it->second.baselineName;
    row.cpuBaselineMs = it->second.baselineMs;
  }
}

}  // namespace kc::cli
