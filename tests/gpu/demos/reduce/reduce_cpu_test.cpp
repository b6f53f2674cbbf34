// The reduction CPU references against independent formulas (std algorithms, closed forms),
// and the runner's CPU backend end to end.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "gpu/demos/reduce/reduce_cpu.hpp"
#include "gpu/demos/reduce/reduce_demo.hpp"

namespace kc::demos {
namespace {

const std::vector<std::size_t> kSizes{1, 2, 3, 31, 1000, (1u << 16) + 17};

TEST(ReduceCpu, IntSumMatchesClosedFormOfOneToN) {
  for (std::size_t n : {std::size_t(1), std::size_t(2), std::size_t(1000), std::size_t(100003)}) {
    SCOPED_TRACE(n);
    std::vector<std::int32_t> v(n);
    std::iota(v.begin(), v.end(), 1);
    EXPECT_EQ(reduceReference(v.data(), n, ReduceOp::Sum).i, static_cast<std::int64_t>(n) * (n + 1) / 2);
  }
}

TEST(ReduceCpu, IntSumDoesNotWrapAtInt32) {
  const std::vector<std::int32_t> v(5, 2000000000);
  EXPECT_EQ(reduceReference(v.data(), v.size(), ReduceOp::Sum).i, 10000000000LL);
}

TEST(ReduceCpu, MatchesStdAlgorithmsOnRandomInts) {
  for (std::size_t n : kSizes) {
    SCOPED_TRACE(n);
    const auto v = randomInts(n, 7 + static_cast<std::uint32_t>(n));
    EXPECT_EQ(reduceReference(v.data(), n, ReduceOp::Sum).i, std::accumulate(v.begin(), v.end(), std::int64_t{0}));
    EXPECT_EQ(reduceReference(v.data(), n, ReduceOp::Min).i, *std::min_element(v.begin(), v.end()));
    EXPECT_EQ(reduceReference(v.data(), n, ReduceOp::Max).i, *std::max_element(v.begin(), v.end()));
    const auto arg = reduceReference(v.data(), n, ReduceOp::ArgMax);
    const auto it = std::max_element(v.begin(), v.end());  // first of the largest: smallest index
    EXPECT_EQ(arg.index, it - v.begin());
    EXPECT_EQ(arg.i, *it);
  }
}

TEST(ReduceCpu, MatchesStdAlgorithmsOnRandomFloats) {
  for (std::size_t n : kSizes) {
    SCOPED_TRACE(n);
    const auto v = randomFloats(n, 11 + static_cast<std::uint32_t>(n));
    const double sum = std::accumulate(v.begin(), v.end(), 0.0, [](double a, float b) { return a + b; });
    EXPECT_EQ(reduceReference(v.data(), n, ReduceOp::Sum).f, sum);
    EXPECT_EQ(reduceReference(v.data(), n, ReduceOp::Min).f, *std::min_element(v.begin(), v.end()));
    EXPECT_EQ(reduceReference(v.data(), n, ReduceOp::Max).f, *std::max_element(v.begin(), v.end()));
    EXPECT_EQ(reduceReference(v.data(), n, ReduceOp::ArgMax).index, std::max_element(v.begin(), v.end()) - v.begin());
  }
}

TEST(ReduceCpu, ArgMaxTiesGoToTheSmallestIndex) {
  const std::vector<std::int32_t> v{3, 9, 1, 9, 9};
  EXPECT_EQ(reduceReference(v.data(), v.size(), ReduceOp::ArgMax).index, 1);
}

TEST(ReduceCpu, FloatSumToleranceAcceptsRoundingAndRejectsAMissingElement) {
  const std::size_t n = 1 << 20;
  const auto v = randomFloats(n, 5);
  const ReduceValue ref = reduceReference(v.data(), n, ReduceOp::Sum);
  double sumAbs = 0;
  for (float x : v) sumAbs += std::fabs(x);
  float naive = 0.f;  // one long float chain: worse than any GPU version, still within tolerance
  for (float x : v) naive += x;
  ReduceValue got;
  got.f = naive;
  EXPECT_TRUE(reduceResultsMatch(ReduceOp::Sum, ReduceType::Float32, got, ref, n, sumAbs));
  got.f = ref.f * 1.001;  // 0.1 % off
  EXPECT_FALSE(reduceResultsMatch(ReduceOp::Sum, ReduceType::Float32, got, ref, n, sumAbs));
  // At small n a single dropped element shows; at large n only the int32 runs can see that.
  const std::size_t small = 1000;
  const ReduceValue smallRef = reduceReference(v.data(), small, ReduceOp::Sum);
  double smallAbs = 0;
  for (std::size_t k = 0; k < small; ++k) smallAbs += std::fabs(v[k]);
  got.f = smallRef.f - v[small - 1];
  EXPECT_FALSE(reduceResultsMatch(ReduceOp::Sum, ReduceType::Float32, got, smallRef, small, smallAbs));
}

TEST(ReduceCpu, Mat3MinMatchesPerPlaneMinElement) {
  for (std::size_t n : {std::size_t(1), std::size_t(17), std::size_t(4099)}) {
    SCOPED_TRACE(n);
    const auto planes = randomInts(9 * n, 3);
    const Mat3i m = mat3MinReference(planes.data(), n);
    for (std::size_t e = 0; e < 9; ++e)
      EXPECT_EQ(m[e], *std::min_element(planes.begin() + e * n, planes.begin() + (e + 1) * n));
  }
}

TEST(ReduceCpu, RejectsEmptyInput) {
  const std::int32_t x = 0;
  EXPECT_THROW(reduceReference(&x, 0, ReduceOp::Sum), InvalidArgument);
}

TEST(ReduceDemoCpu, RunsWithCpuBackend) {
  ReduceDemoConfig config;
  config.backend = Backend::Cpu;
  config.n = 1000;
  config.reps = 2;
  for (auto op : {"sum", "argmax", "mat3min"}) {
    SCOPED_TRACE(op);
    config.op = parseReduceDemoOp(op);
    config.type = config.op == ReduceDemoOp::Mat3Min ? ReduceType::Int32 : ReduceType::Float32;
    const DemoReport report = runReduceDemo(config);
    ASSERT_EQ(report.rows.size(), 1u);
    EXPECT_TRUE(report.rows[0].correct);
    EXPECT_GT(report.rows[0].ms, 0.0);
    EXPECT_FALSE(report.rows[0].result.empty());
    ASSERT_TRUE(report.rows[0].speedupVsCpu.has_value());
    EXPECT_DOUBLE_EQ(*report.rows[0].speedupVsCpu, 1.0);
  }
  config.op = ReduceDemoOp::Mat3Min;
  config.type = ReduceType::Float32;
  EXPECT_THROW(runReduceDemo(config), InvalidArgument);
  EXPECT_THROW(parseReduceDemoOp("median"), InvalidArgument);
}

// The GPU rows come in as a function (the CUDA build's cudaReduceRows()); a stand-in shows which
// backend runs it: cpu never, cuda always and without it a clear error. auto is an error too: the
// caller resolves it (chooseBackend), the demo does not decide again.
TEST(ReduceDemoCpu, InjectedGpuRowsRunExactlyWhenTheBackendAsks) {
  ReduceDemoConfig config;
  config.n = 17;
  config.reps = 1;
  int calls = 0;
  const ReduceGpuRowsFn gpu = [&](const ReduceDemoConfig& c, const ReduceDemoInput& input, DemoReport& report) {
    ++calls;
    EXPECT_EQ(input.floats.size(), c.n);  // the input the CPU row was timed on
    ASSERT_EQ(report.rows.size(), 1u);    // the CPU row is there first
    DemoRow row = report.rows[0];
    row.kind = DemoRowKind::Gpu;
    row.ms = report.rows[0].ms / 2;
    report.rows.push_back(row);
  };
  config.backend = Backend::Cpu;
  EXPECT_EQ(runReduceDemo(config, gpu).rows.size(), 1u);
  EXPECT_EQ(calls, 0);
  config.backend = Backend::Auto;
  EXPECT_THROW(runReduceDemo(config), InvalidArgument);
  EXPECT_THROW(runReduceDemo(config, gpu), InvalidArgument);
  EXPECT_EQ(calls, 0);
  config.backend = Backend::Cuda;
  const DemoReport both = runReduceDemo(config, gpu);
  EXPECT_EQ(calls, 1);
  ASSERT_EQ(both.rows.size(), 2u);
  ASSERT_TRUE(both.rows[1].speedupVsCpu.has_value());  // speedups filled after the GPU rows
  EXPECT_DOUBLE_EQ(*both.rows[1].speedupVsCpu, 2.0);
  EXPECT_THROW(runReduceDemo(config), InvalidArgument);
}

}  // namespace
}  // namespace kc::demos
