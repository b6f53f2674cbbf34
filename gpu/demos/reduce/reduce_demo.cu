// GPU part of the reduction demo runner: uploads the input once, then for each version one
// checked warm-up run and `reps` runs timed with CUDA events (median). The cancel flag is read
// before each version and after each timed launch (the timer waits for it anyway).
#include "gpu/demos/reduce/reduce_demo_cuda.cuh"

#include <iterator>
#include <string>
#include <vector>

#include "gpu/core/device_buffer.cuh"
#include "gpu/core/stream.cuh"
#include "gpu/demos/reduce/reduce.cuh"

namespace kc::demos {
namespace {

static_assert(static_cast<int>(ReduceDemoOp::ArgMax) == static_cast<int>(ReduceOp::ArgMax),
              "ReduceDemoOp must list the ReduceOp values first, in the same order");

template <class Run>
double timeGpuMedianMs(Run&& runAsync, int reps, cudaStream_t stream, const DemoControl& control) {
  std::vector<double> ms;
  EventTimer timer;
  for (int r = 0; r < reps; ++r) {
    timer.start(stream);
    runAsync();
    timer.stop(stream);
    ms.push_back(timer.elapsedMs());
    control.throwIfCancelled();
  }
  return medianOf(ms);
}

DemoRow gpuRow(const std::string& name, const std::string& why, const std::string& anchor, bool library) {
  DemoRow row;
  row.version = name;
  row.why = why;
  row.sourceAnchor = anchor;
  row.kind = library ? DemoRowKind::Library : DemoRowKind::Gpu;
  row.throughputUnit = "GB/s";
  return row;
}

void addReduceRows(const ReduceDemoConfig& config, const ReduceDemoInput& input, DemoReport& report, Stream& stream) {
  const auto op = static_cast<ReduceOp>(config.op);
  const std::size_t n = config.n;
  DeviceBuffer<unsigned char> dIn(n * 4);
  dIn.uploadAsync(config.type == ReduceType::Int32 ? reinterpret_cast<const unsigned char*>(input.ints.data())
                                                   : reinterpret_cast<const unsigned char*>(input.floats.data()),
                  n * 4, stream);
  ReduceWorkspace workspace;
  for (const ReduceVersionInfo& info : kReduceVersions) {
    config.control.beginVersion(static_cast<int>(report.rows.size()) + 1, info.name);
    DemoRow row = gpuRow(info.name, info.why, info.sourceAnchor, info.version == ReduceVersion::Cub);
    workspace.reserve(info.version, op, config.type, n);  // allocation outside the timed loop
    const ReduceValue value = workspace.run(info.version, op, config.type, dIn.data(), n, stream);
    row.correct = reduceResultsMatch(op, config.type, value, input.reference, n, input.sumAbs);
    row.result = formatReduceValue(op, config.type, value);
    row.ms = timeGpuMedianMs([&] { workspace.runAsync(info.version, op, config.type, dIn.data(), n, stream); },
                             config.reps, stream, config.control);
    row.throughput = reduceDemoBytesRead(config) / (row.ms * 1e6);
    report.rows.push_back(row);
  }
}

void addMat3MinRows(const ReduceDemoConfig& config, const ReduceDemoInput& input, DemoReport& report, Stream& stream) {
  const std::size_t n = config.n;
  DeviceBuffer<std::int32_t> dPlanes(9 * n);
  dPlanes.uploadAsync(input.ints.data(), 9 * n, stream);
  DeviceBuffer<std::int32_t> dOut(9);
  constexpr Mat3MinVersion kVersions[] = {Mat3MinVersion::Fused, Mat3MinVersion::Cub};
  static_assert(std::size(kVersions) == kMat3MinGpuVersions, "the progress count must match the rows");
  for (Mat3MinVersion version : kVersions) {
    const bool library = version == Mat3MinVersion::Cub;
    config.control.beginVersion(static_cast<int>(report.rows.size()) + 1, toString(version));
    DemoRow row = gpuRow(
        toString(version),
        library
            ? "nine library reductions, one per plane:\nnine launches, nine passes over memory."
            : "one pass: each thread keeps 9 minima (9 coalesced streams),\nshuffles per plane, then 9 blocks finish.",
        library ? "cub::DeviceReduce::Min" : "mat3MinPartials", library);
    DeviceBuffer<unsigned char> scratch(mat3MinScratchBytes(version, n));
    dOut.fillBytes(0xCD, stream);
    mat3MinAsync(version, dPlanes.data(), n, dOut.data(), scratch.data(), scratch.size(), stream);
    Mat3i value{};
    dOut.downloadAsync(value.data(), 9, stream);
    stream.synchronize();
    row.correct = value == input.mat3Reference;
    for (int e = 0; e < 9; ++e) {
      if (e) row.result += ' ';
      row.result += std::to_string(value[e]);
    }
    row.ms = timeGpuMedianMs(
        [&] { mat3MinAsync(version, dPlanes.data(), n, dOut.data(), scratch.data(), scratch.size(), stream); },
        config.reps, stream, config.control);
    row.throughput = reduceDemoBytesRead(config) / (row.ms * 1e6);
    report.rows.push_back(row);
  }
}

void addGpuRows(const ReduceDemoConfig& config, const ReduceDemoInput& input, DemoReport& report) {
  Stream stream;
  if (config.op == ReduceDemoOp::Mat3Min) addMat3MinRows(config, input, report, stream);
  else addReduceRows(config, input, report, stream);
}

}  // namespace

ReduceGpuRowsFn cudaReduceRows() { return addGpuRows; }

}  // namespace kc::demos
