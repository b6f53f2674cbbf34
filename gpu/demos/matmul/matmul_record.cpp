// The matmul demo's record (gpu/demos/demo_definition.hpp): its options and form, its versions,
// its memory estimate, and its run over runMatmulDemo (the CUDA rows come from matmul_record.cu).
#include <cstdio>

#include "gpu/core/size_limits.hpp"
#include "gpu/demos/demo_params.hpp"
#include "gpu/demos/demo_registry.hpp"
#include "gpu/demos/demo_values.hpp"
#include "gpu/demos/matmul/matmul_demo.hpp"
#include "gpu/demos/matmul/matmul_memory.hpp"
#include "gpu/demos/matmul/matmul_versions.hpp"
#include "gpu/demos/version_rows_result.hpp"

namespace kc::demos {

namespace {

MatmulDemoConfig configOf(const DemoRequest& request) {
  MatmulDemoConfig config;
  config.type = parsedValue(request, "type", parseMatmulType);
  config.M = static_cast<int>(wholeNumber(request, "m", 1, kMaxMatmulSide));
  config.N = static_cast<int>(wholeNumber(request, "n", 1, kMaxMatmulSide));
  config.K = static_cast<int>(wholeNumber(request, "k", 1, kMaxMatmulSide));
  config.reps = request.repetitions();
  config.backend = request.backend;
  config.control = request.control;
  return config;
}

std::string printed(const char* format, double a, double b = 0) {
  char text[256];
  std::snprintf(text, sizeof text, format, a, b);
  return text;
}

DemoParam sideParam(const char* id, const char* displayName, const char* valueName, const char* help) {
  return intParam(id, displayName, valueName, help, 1, kMaxMatmulSide, "1024");
}

DemoDefinition matmulDemo() {
  DemoDefinition demo;
  demo.id = "matmul";
  demo.displayName = "matrix multiplication";
  demo.help =
      "C = A B (MxK times KxN) with every GPU version (naive, tiled, ...) and the CPU loops.\n"
      "Example: kernelcam demo matmul --m 512 --n 512 --k 512 --type float";
  demo.menuOrder = 20;
  demo.params = {sideParam("m", "M (rows of C)", "M", "Rows of A and C (default 1024)."),
                 sideParam("n", "N (columns of C)", "N", "Columns of B and C (default 1024)."),
                 sideParam("k", "K (inner)", "K", "Columns of A, rows of B (default 1024)."),
                 choiceParam("type", "Type", "TYPE", "int | float (default float).", {"float", "int32"})};
  demo.defaultReps = MatmulDemoConfig{}.reps;
  for (const MatmulCpuVersionInfo& info : kMatmulCpuVersions)
    demo.versions.push_back({info.name, false, info.why, info.sourceAnchor});
  for (const MatmulVersionInfo& info : kMatmulVersions)
    demo.versions.push_back({info.name, true, info.why, info.sourceAnchor, info.version == MatmulVersion::Cublas});
  demo.sourceFiles = {"matmul.cu", "matmul_cpu.cpp", "matmul_kernels.cuh", "matmul_pipelined.cuh"};
  demo.benchGroup = "gemm";

  demo.check = [](const DemoRequest& request) { validate(configOf(request)); };
  // On the CPU backend only the CPU rows run, and above the flop limit both are skipped: a run
  // that would measure nothing is refused before it allocates A and B.
  demo.checkCommandLine = [](const DemoRequest& request) {
    const MatmulDemoConfig c = configOf(request);
    if (c.backend != Backend::Cuda && matmulFlops(c) > c.cpuFlopLimit)
      throw InvalidArgument("--m " + std::to_string(c.M) + " --n " + std::to_string(c.N) + " --k " +
                            std::to_string(c.K) +
                            printed(" on the CPU backend: 2MNK = %.3g flops is above the CPU versions' limit of %.3g "
                                    "(minutes single-threaded), so every version would be skipped; use smaller "
                                    "sizes or --backend cuda",
                                    matmulFlops(c), c.cpuFlopLimit));
  };
  demo.memory = [](const DemoRequest& request) -> std::optional<DemoMemoryNeed> {
    const MatmulDemoConfig c = configOf(request);
    return DemoMemoryNeed{"matmul " + std::to_string(c.M) + "x" + std::to_string(c.K) + " times " +
                              std::to_string(c.K) + "x" + std::to_string(c.N),
                          matmulDemoMemory(c)};
  };
  // Says up front what the runner will do, rather than leaving blank CPU rows unexplained.
  demo.formNote = [](const DemoRequest& request) {
    const MatmulDemoConfig c = configOf(request);
    const double flops = matmulFlops(c);
    return flops > c.cpuFlopLimit
               ? printed("2MNK = %.1f GFLOP: the CPU rows are skipped (too slow single-threaded).", flops / 1e9)
               : printed("2MNK = %.3g GFLOP", flops / 1e9);
  };
  demo.run = versionRowsRun<MatmulGpuRowsFn>(configOf, runMatmulDemo);
  return demo;
}

}  // namespace

}  // namespace kc::demos

KC_REGISTER_DEMO(matmul, kc::demos::matmulDemo());
