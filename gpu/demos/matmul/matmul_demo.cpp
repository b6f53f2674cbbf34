#include "gpu/demos/matmul/matmul_demo.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>

#include "gpu/core/size_limits.hpp"
#include "gpu/demos/matmul/matmul_versions.hpp"

namespace kc::demos {

MatmulType parseMatmulType(const std::string& text) {
  if (text == "int32" || text == "int") return MatmulType::Int32;
  if (text == "float" || text == "float32") return MatmulType::Float32;
  throw InvalidArgument("unknown element type '" + text + "' (expected int32 or float)");
}

void validate(const MatmulDemoConfig& c) {
  KC_REQUIRE(c.M >= 1 && c.N >= 1 && c.K >= 1, "matmul demo: M, N, K must be at least 1");
  KC_REQUIRE(c.M <= kMaxMatmulSide && c.N <= kMaxMatmulSide && c.K <= kMaxMatmulSide,
             "matmul demo: sizes above " + std::to_string(kMaxMatmulSide) + " are not supported");
  KC_REQUIRE(c.reps >= 1, "matmul demo: reps must be at least 1");
}

double matmulFlops(const MatmulDemoConfig& c) { return 2.0 * c.M * c.N * c.K; }

namespace {
constexpr std::size_t kSampleCount = 256;
const MatmulCpuVersionInfo& kReferenceRow = kMatmulCpuVersions[0];
const MatmulCpuVersionInfo& kTransposedRow = kMatmulCpuVersions[1];
std::size_t cCount(const MatmulDemoConfig& c) { return static_cast<std::size_t>(c.M) * c.N; }
}  // namespace

MatmulDemoInput makeMatmulDemoInput(const MatmulDemoConfig& c) {
  validate(c);
  c.control.beginVersion(1, kReferenceRow.name);  // the CPU rows are measured here (skipped or not)
  MatmulDemoInput in;
  const std::size_t aCount = static_cast<std::size_t>(c.M) * c.K, bCount = static_cast<std::size_t>(c.K) * c.N;
  const bool isInt = c.type == MatmulType::Int32;
  if (isInt) {
    in.Ai = randomMatrixInt(aCount, c.seed);
    in.Bi = randomMatrixInt(bCount, c.seed + 1);
  } else {
    in.Af = randomMatrixFloat(aCount, c.seed);
    in.Bf = randomMatrixFloat(bCount, c.seed + 1);
    in.maxAbsA = maxAbs(in.Af.data(), aCount);
    in.maxAbsB = maxAbs(in.Bf.data(), bCount);
  }
  in.fullReference = matmulFlops(c) <= c.cpuFlopLimit;
  if (in.fullReference) {
    // Big products are timed once (the warm-up is the reference run itself); small ones get reps.
    const int reps = matmulFlops(c) > 1e8 ? 1 : c.reps;
    const CancelToken& cancel = c.control.cancel;
    if (isInt) {
      in.refI.resize(cCount(c));
      std::vector<std::int32_t> other(cCount(c));
      in.cpuReferenceMs = timeCpuMedianMs(
          [&] { matmulReference(in.Ai.data(), in.Bi.data(), in.refI.data(), c.M, c.N, c.K, &cancel); }, reps, cancel);
      c.control.beginVersion(2, kTransposedRow.name);
      in.cpuTransposedMs = timeCpuMedianMs(
          [&] { matmulTransposedCpu(in.Ai.data(), in.Bi.data(), other.data(), c.M, c.N, c.K, &cancel); }, reps, cancel);
      in.cpuTransposedMatches = other == in.refI;
    } else {
      in.refF.resize(cCount(c));
      std::vector<double> other(cCount(c));
      in.cpuReferenceMs = timeCpuMedianMs(
          [&] { matmulReference(in.Af.data(), in.Bf.data(), in.refF.data(), c.M, c.N, c.K, &cancel); }, reps, cancel);
      c.control.beginVersion(2, kTransposedRow.name);
      in.cpuTransposedMs = timeCpuMedianMs(
          [&] { matmulTransposedCpu(in.Af.data(), in.Bf.data(), other.data(), c.M, c.N, c.K, &cancel); }, reps, cancel);
      // Same double arithmetic in the same k order: bit-identical.
      in.cpuTransposedMatches = other == in.refF;
    }
  } else {
    in.samples = matmulSampleEntries(c.M, c.N, kSampleCount, c.seed + 2);
    for (const auto& [row, col] : in.samples) {
      if (isInt) in.sampleRefI.push_back(matmulReferenceEntry(in.Ai.data(), in.Bi.data(), c.N, c.K, row, col));
      else in.sampleRefF.push_back(matmulReferenceEntry(in.Af.data(), in.Bf.data(), c.N, c.K, row, col));
    }
  }
  return in;
}

bool matmulResultMatches(const MatmulDemoConfig& c, const MatmulDemoInput& in, const void* hostC, std::string& note) {
  const bool isInt = c.type == MatmulType::Int32;
  const std::size_t count = in.fullReference ? cCount(c) : in.samples.size();
  auto entryIndex = [&](std::size_t s) {
    return in.fullReference ? s : static_cast<std::size_t>(in.samples[s].first) * c.N + in.samples[s].second;
  };
  const char* scope = in.fullReference ? "all of C" : "sampled entries of C";
  char text[160];
  if (isInt) {
    const auto* C = static_cast<const std::int32_t*>(hostC);
    std::size_t wrong = 0;
    for (std::size_t s = 0; s < count; ++s)
      wrong += C[entryIndex(s)] != (in.fullReference ? in.refI[s] : in.sampleRefI[s]);
    std::snprintf(text, sizeof text, "exact on %zu %s: %zu differ", count, scope, wrong);
    note = text;
    return wrong == 0;
  }
  const auto* C = static_cast<const float*>(hostC);
  std::vector<float> got(count);
  std::vector<double> ref(count);
  for (std::size_t s = 0; s < count; ++s) {
    got[s] = C[entryIndex(s)];
    ref[s] = in.fullReference ? in.refF[s] : in.sampleRefF[s];
  }
  const double err = matmulNormalizedError(got.data(), ref.data(), count, in.maxAbsA, in.maxAbsB, c.K);
  std::snprintf(text, sizeof text, "max|C-ref|/(max|A| max|B| K) = %.2e on %zu %s (<= %.0e)", err, count, scope,
                kMatmulFloatTolerance);
  note = text;
  return err <= kMatmulFloatTolerance;
}

DemoReport matmulDemoCpuReport(const MatmulDemoConfig& c, const MatmulDemoInput& in) {
  DemoReport report;
  report.title = "C = A B, " + std::to_string(c.M) + "x" + std::to_string(c.K) + " times " + std::to_string(c.K) + "x" +
                 std::to_string(c.N) + " " + toString(c.type) + ", seed " + std::to_string(c.seed);
  report.verification = c.type == MatmulType::Int32
                            ? "exact (int32 wrap-around arithmetic, as uint32 on both sides)"
                            : "max|C - ref| / (max|A| max|B| K) <= 1e-5, ref accumulated in double";
  if (!in.fullReference) report.verification += "; checked on sampled entries (CPU product too slow)";
  const double flops = matmulFlops(c);
  auto cpuRow = [&](const MatmulCpuVersionInfo& info, double ms, bool correct) {
    DemoRow row;
    row.version = info.name;
    row.why = info.why;
    row.sourceAnchor = info.sourceAnchor;
    row.kind = DemoRowKind::Cpu;
    row.throughputUnit = "GFLOP/s";
    if (!in.fullReference) {
      row.skipped = true;
      char text[128];
      std::snprintf(text, sizeof text, "skipped: 2MNK = %.3g flops > %.3g (minutes single-threaded)", flops,
                    c.cpuFlopLimit);
      row.note = text;
      return row;
    }
    row.ms = ms;
    row.throughput = flops / (ms * 1e6);
    row.correct = correct;
    return row;
  };
  report.rows.push_back(cpuRow(kReferenceRow, in.cpuReferenceMs, true));
  report.rows.push_back(cpuRow(kTransposedRow, in.cpuTransposedMs, in.cpuTransposedMatches));
  return report;
}

DemoReport runMatmulDemo(const MatmulDemoConfig& config, const MatmulGpuRowsFn& gpu) {
  return runDemoVersions(config, gpu, makeMatmulDemoInput, matmulDemoCpuReport, "matmul demo",
                         static_cast<int>(kMatmulCpuVersions.size()), static_cast<int>(kMatmulVersions.size()));
}

}  // namespace kc::demos
