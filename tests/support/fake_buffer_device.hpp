#pragma once
// The exercises' checks without a GPU: a BufferDevice whose "kernel" is read from the text it was
// compiled from, and a compile that parses the annotations (the real ones) and accepts the rest.
//   // behave: add-one        out[i] = in[i] + 1 for i < n (the throw-away exercise's task; default)
//   // behave: one-too-many   also writes out[n] (a guard write)
//   // behave: last-wrong     out[n - 1] = 0
//   // behave: fault          the launch faults
//   // time: MS               each launch's time (default 1)
//   SYNTAX ERROR              the compile fails at that line
// Used by tests/gpu/exercises/exercise_check_test.cpp and the CLI's and grader's tests.
#include <cstring>
#include <string>

#include "gpu/exercises/exercise_check.hpp"
#include "gpu/lab/buffer_launch.hpp"
#include "gpu/lab/kernel_analysis.hpp"

namespace kc::test {

inline std::string markerValue(const std::string& text, const std::string& marker, const std::string& fallback) {
  const std::size_t at = text.find("// " + marker + ": ");
  if (at == std::string::npos) return fallback;
  const std::size_t start = at + marker.size() + 5;
  return text.substr(start, text.find('\n', start) - start);
}

inline kc::lab::CompiledKernel fakeCompile(const kc::lab::KernelSource& source,
                                           const kc::lab::CompileOptions& options) {
  kc::lab::CompiledKernel kernel;
  kernel.path = source.path;
  kernel.analysis = kc::lab::analyzeKernel(source, options.contract ? *options.contract : kc::lab::imageContract());
  kernel.diagnostics = kernel.analysis.diagnostics;
  kernel.arch = 90;
  kernel.compileMs = 1;
  if (const std::size_t at = source.text.find("SYNTAX ERROR"); at != std::string::npos) {
    const int line =
        1 + static_cast<int>(std::count(source.text.begin(), source.text.begin() + static_cast<long>(at), '\n'));
    kernel.diagnostics.push_back({source.path, line, 1, kc::lab::Severity::Error, "expected a declaration"});
    return kernel;
  }
  if (kernel.analysis.ok()) {
    kernel.cubin = source.text;  // the fake device reads its behaviour from it
    kernel.loweredName = kernel.analysis.entry->name;
  }
  return kernel;
}

class FakeBufferDevice final : public kc::lab::BufferDevice {
 public:
  std::string name() const override { return "Fake GPU"; }
  void load(const kc::lab::CompiledKernel& kernel) override { text_ = kernel.cubin; }
  double deviceCopyMs(std::uint64_t) override { return copyMs; }

  kc::lab::BufferLaunchResult run(const kc::lab::BufferLaunch& launch) override {
    ++runs;
    if (launch.profileLines) ++profiles;
    kc::lab::BufferLaunchResult result;
    const std::string behave = markerValue(text_, "behave", "add-one");
    if (behave == "fault") {
      result.status = kc::lab::LaunchStatus::Fault;
      result.message = "the kernel faulted (CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered)";
      result.workerStopped = true;
      return result;
    }
    std::vector<std::vector<std::uint8_t>> buffers;
    for (const auto& b : launch.buffers)
      buffers.push_back(b.contents ? *b.contents : std::vector<std::uint8_t>(b.bytes));
    for (const auto& fill : launch.fills)
      for (std::uint64_t w = 0; w < fill.words; ++w)
        std::memcpy(&buffers[fill.buffer][fill.offset + 4 * w], &fill.value, 4);
    // The throw-away exercise's arguments: in (buffer 0), n, out (buffer 1); pointers at an offset.
    std::uint64_t inOffset = 0, outOffset = 0;
    std::int32_t n = 0;
    std::memcpy(&inOffset, launch.arguments[0].bytes.data(), 8);
    std::memcpy(&n, launch.arguments[1].bytes.data(), 4);
    std::memcpy(&outOffset, launch.arguments[2].bytes.data(), 8);
    const int count = behave == "one-too-many" ? n + 1 : n;
    for (int i = 0; i < count; ++i) {
      std::int32_t v = 0;
      std::memcpy(&v, &buffers[0][inOffset + 4 * static_cast<std::size_t>(i)], 4);
      v = (behave == "last-wrong" && i == n - 1) ? 0 : v + 1;
      std::memcpy(&buffers[1][outOffset + 4 * static_cast<std::size_t>(i)], &v, 4);
    }
    result.kernelMs.assign(static_cast<std::size_t>(launch.launches), std::stof(markerValue(text_, "time", "1")));
    for (std::size_t i = 0; i < buffers.size(); ++i)
      result.buffers.push_back(launch.buffers[i].readBack ? buffers[i] : std::vector<std::uint8_t>{});
    if (launch.profileLines) {
      kc::lab::LineFigures line;
      line.file = launchPath;
      line.line = 7;
      line.instructions = 100;
      line.divergentBranches = static_cast<std::uint64_t>(std::stoi(markerValue(text_, "divergent", "0")));
      result.lines = {line};
    }
    lastLaunch = launch;
    return result;
  }

  double copyMs = 0.01;
  int runs = 0, profiles = 0;
  std::string launchPath;  // the file the fake profile's line is in
  kc::lab::BufferLaunch lastLaunch;

 private:
  std::string text_;
};

// The throw-away exercise the fakes run: out[i] = in[i] + 1, three inputs, the last one timed, one
// counter goal (divergent branches per block at most 2).
inline kc::exercises::ExerciseDefinition addOneExercise() {
  using namespace kc::exercises;
  ExerciseDefinition e;
  e.id = "add-one";
  e.title = "Add one";
  e.topic = "a test's throw-away exercise";
  e.order = 999;
  e.parameters = {{"const int*", "in"}, {"int", "n"}, {"int*", "out"}};
  const std::string kernel =
      "// @exercise add-one\n// @block 256\n// @grid (n + 255) / 256\n"
      "__global__ void addOne(const int* in, int n, int* out) {}\n";
  e.inlineFiles = {{"statement.md", "# Add one\n"},
                   {"start.cu", kernel},
                   {"naive.cu", "// time: 2\n" + kernel},
                   {"optimised.cu", "// time: 0.9\n" + kernel}};
  e.hints = {"one", "two", "three"};
  e.cases = [](const CaseOptions& options) {
    std::vector<ExerciseCase> list;
    for (int n : {1, 17, 1000}) {
      std::vector<std::int32_t> in(static_cast<std::size_t>(n)), out(static_cast<std::size_t>(n));
      for (int i = 0; i < n; ++i) in[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(options.seed % 100) + i;
      for (int i = 0; i < n; ++i) out[static_cast<std::size_t>(i)] = in[static_cast<std::size_t>(i)] + 1;
      ExerciseCase c;
      c.label = "n = " + std::to_string(n);
      c.arguments = {inputBuffer("in", ElementType::I32, in), valueArgument("n", n),
                     outputBuffer("out", ElementType::I32, out)};
      c.minBytes = static_cast<std::uint64_t>(n) * 8;
      list.push_back(std::move(c));
    }
    list.back().timed = true;
    return list;
  };
  e.counterGoals = {{"few-divergent", 2, "Few divergent branches", "why 1\nwhy 2", "keep threads together",
                     [](const CounterInputs& inputs) {
                       CounterVerdict v;
                       const std::uint64_t d = kc::lab::wholeKernel(inputs.lines).divergentBranches;
                       v.met = d <= 2 * inputs.blocks;
                       v.figure = std::to_string(d) + " divergent branches";
                       v.line = inputs.ofFile.empty() ? 0 : static_cast<int>(inputs.ofFile.front().line);
                       return v;
                     }}};
  e.goalWhyNaive = "naive why";
  e.goalWhyOptimised = "optimised why";
  return e;
}

}  // namespace kc::test
