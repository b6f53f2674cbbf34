// GPU part of the matmul demo runner: A and B uploaded once; per version one checked warm-up
// run (C poisoned first) and `reps` runs timed with CUDA events (median). The cancel flag is
// read before each version and after each timed launch.
#include "gpu/demos/matmul/matmul_demo_cuda.cuh"

#include <vector>

#include "gpu/core/device_buffer.cuh"
#include "gpu/core/stream.cuh"
#include "gpu/demos/matmul/matmul.cuh"

namespace kc::demos {
namespace {

void addMatmulRows(const MatmulDemoConfig& c, const MatmulDemoInput& in, DemoReport& report) {
  const bool isInt = c.type == MatmulType::Int32;
  const std::size_t aCount = static_cast<std::size_t>(c.M) * c.K, bCount = static_cast<std::size_t>(c.K) * c.N,
                    cCount = static_cast<std::size_t>(c.M) * c.N;
  Stream stream;
  DeviceBuffer<unsigned char> dA(aCount * 4), dB(bCount * 4), dC(cCount * 4);
  dA.uploadAsync(isInt ? reinterpret_cast<const unsigned char*>(in.Ai.data())
                       : reinterpret_cast<const unsigned char*>(in.Af.data()),
                 aCount * 4, stream);
  dB.uploadAsync(isInt ? reinterpret_cast<const unsigned char*>(in.Bi.data())
                       : reinterpret_cast<const unsigned char*>(in.Bf.data()),
                 bCount * 4, stream);
  std::vector<unsigned char> hostC(cCount * 4);
  CublasHandle cublas;  // created once, outside every timed loop
  EventTimer timer;
  for (const MatmulVersionInfo& info : kMatmulVersions) {
    c.control.beginVersion(static_cast<int>(report.rows.size()) + 1, info.name);
    DemoRow row;
    row.version = info.name;
    row.why = info.why;
    row.sourceAnchor = info.sourceAnchor;
    row.kind = info.version == MatmulVersion::Cublas ? DemoRowKind::Library : DemoRowKind::Gpu;
    row.throughputUnit = "GFLOP/s";
    if (!matmulVersionSupports(info.version, c.type)) {
      row.skipped = true;
      row.note = info.version == MatmulVersion::Cublas ? "no library baseline for int32" : "float only";
      report.rows.push_back(row);
      continue;
    }
    auto run = [&] {
      matmulAsync(info.version, c.type, dA.data(), dB.data(), dC.data(), c.M, c.N, c.K, &cublas, stream);
    };
    dC.fillBytes(0xCD, stream);  // a version that writes nothing cannot pass
    run();
    dC.downloadAsync(hostC.data(), hostC.size(), stream);
    stream.synchronize();
    row.correct = matmulResultMatches(c, in, hostC.data(), row.note);
    std::vector<double> ms;
    for (int r = 0; r < c.reps; ++r) {
      timer.start(stream);
      run();
      timer.stop(stream);
      ms.push_back(timer.elapsedMs());
      c.control.throwIfCancelled();
    }
    row.ms = medianOf(ms);
    row.throughput = matmulFlops(c) / (row.ms * 1e6);
    report.rows.push_back(row);
  }
}

}  // namespace

MatmulGpuRowsFn cudaMatmulRows() { return addMatmulRows; }

}  // namespace kc::demos
