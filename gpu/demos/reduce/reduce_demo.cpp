#include "gpu/demos/reduce/reduce_demo.hpp"

#include <cmath>

#include "gpu/core/size_limits.hpp"
#include "gpu/demos/reduce/reduce_versions.hpp"

namespace kc::demos {

ReduceDemoOp parseReduceDemoOp(const std::string& text) {
  if (text == "sum") return ReduceDemoOp::Sum;
  if (text == "min") return ReduceDemoOp::Min;
  if (text == "max") return ReduceDemoOp::Max;
  if (text == "argmax") return ReduceDemoOp::ArgMax;
  if (text == "mat3min") return ReduceDemoOp::Mat3Min;
  throw InvalidArgument("unknown reduction '" + text + "' (expected sum, min, max, argmax or mat3min)");
}

ReduceType parseReduceType(const std::string& text) {
  if (text == "int32" || text == "int") return ReduceType::Int32;
  if (text == "float" || text == "float32") return ReduceType::Float32;
  throw InvalidArgument("unknown element type '" + text + "' (expected int32 or float)");
}

const char* toString(ReduceDemoOp op) {
  return op == ReduceDemoOp::Mat3Min ? "mat3min" : toString(static_cast<ReduceOp>(op));
}

void validate(const ReduceDemoConfig& config) {
  KC_REQUIRE(config.n >= 1, "reduce demo: n must be at least 1");
  KC_REQUIRE(config.reps >= 1, "reduce demo: reps must be at least 1");
  if (config.op == ReduceDemoOp::Mat3Min) {
    KC_REQUIRE(config.type == ReduceType::Int32, "mat3min works on int32 matrices");
    KC_REQUIRE(config.n <= kMaxMat3MinMatrices,
               "mat3min: n above " + std::to_string(kMaxMat3MinMatrices) + " matrices is not supported");
  } else {
    KC_REQUIRE(config.n <= kMaxReduceElements,
               "reduce demo: n above " + std::to_string(kMaxReduceElements) + " is not supported");
  }
}

std::size_t reduceDemoBytesRead(const ReduceDemoConfig& config) {
  return config.n * 4 * (config.op == ReduceDemoOp::Mat3Min ? 9 : 1);
}

ReduceDemoInput makeReduceDemoInput(const ReduceDemoConfig& config) {
  validate(config);
  config.control.beginVersion(1, kReduceCpuName);  // the CPU row is measured here
  ReduceDemoInput in;
  const int cpuReps = config.n > (std::size_t(1) << 24) ? 1 : config.reps;  // keep big runs short
  if (config.op == ReduceDemoOp::Mat3Min) {
    in.ints = randomInts(9 * config.n, config.seed);
    in.cpuMs = timeCpuMedianMs([&] { in.mat3Reference = mat3MinReference(in.ints.data(), config.n); }, cpuReps,
                               config.control.cancel);
    return in;
  }
  const auto op = static_cast<ReduceOp>(config.op);
  if (config.type == ReduceType::Int32) {
    in.ints = randomInts(config.n, config.seed);
    in.cpuMs = timeCpuMedianMs([&] { in.reference = reduceReference(in.ints.data(), config.n, op); }, cpuReps,
                               config.control.cancel);
  } else {
    in.floats = randomFloats(config.n, config.seed);
    in.cpuMs = timeCpuMedianMs([&] { in.reference = reduceReference(in.floats.data(), config.n, op); }, cpuReps,
                               config.control.cancel);
    for (float x : in.floats) in.sumAbs += std::fabs(static_cast<double>(x));
  }
  return in;
}

DemoReport reduceDemoCpuReport(const ReduceDemoConfig& config, const ReduceDemoInput& input) {
  DemoReport report;
  report.title =
      std::string(toString(config.op)) + " of " + std::to_string(config.n) +
      (config.op == ReduceDemoOp::Mat3Min ? " 3x3 int32 matrices" : std::string(" ") + toString(config.type)) +
      ", seed " + std::to_string(config.seed);
  if (config.op == ReduceDemoOp::Mat3Min || config.type == ReduceType::Int32 || config.op != ReduceDemoOp::Sum)
    report.verification = "exact match with the CPU reference (int32 sums in int64; argmax ties -> smallest index)";
  else
    report.verification = "|gpu - ref| <= (sqrt(n) + 64) * 2^-24 * sum|x| (ref summed in double); tolerance " +
                          std::to_string(floatSumTolerance(config.n) * input.sumAbs);
  DemoRow row;
  row.version = kReduceCpuName;
  row.why = kReduceCpuWhy;
  row.sourceAnchor = config.op == ReduceDemoOp::Mat3Min ? "mat3MinReference" : "referenceLoop";
  row.kind = DemoRowKind::Cpu;
  row.ms = input.cpuMs;
  row.throughputUnit = "GB/s";
  row.throughput = reduceDemoBytesRead(config) / (row.ms * 1e6);
  row.correct = true;
  row.note = config.n > (std::size_t(1) << 24) ? "timed once (large n)" : "";
  if (config.op == ReduceDemoOp::Mat3Min) {
    for (int e = 0; e < 9; ++e) {
      if (e) row.result += ' ';
      row.result += std::to_string(input.mat3Reference[e]);
    }
  } else {
    row.result = formatReduceValue(static_cast<ReduceOp>(config.op), config.type, input.reference);
  }
  report.rows.push_back(row);
  return report;
}

DemoReport runReduceDemo(const ReduceDemoConfig& config, const ReduceGpuRowsFn& gpu) {
  const int gpuVersions =
      config.op == ReduceDemoOp::Mat3Min ? kMat3MinGpuVersions : static_cast<int>(kReduceVersions.size());
  return runDemoVersions(config, gpu, makeReduceDemoInput, reduceDemoCpuReport, "reduce demo", 1, gpuVersions);
}

}  // namespace kc::demos
