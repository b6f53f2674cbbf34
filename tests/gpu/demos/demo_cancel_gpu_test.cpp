// Cancelling the demos' GPU versions: the flag is read between CG periods (one CUDA graph of 50
// iterations) and between the reduce / matmul versions and timed launches, so a run stops soon,
// frees its device memory through RAII and says "cancelled" instead of giving a result.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "gpu/demos/cg/cg_demo.hpp"
#include "gpu/demos/cg/cg_demo_cuda.cuh"
#include "gpu/demos/matmul/matmul_demo_cuda.cuh"
#include "gpu/demos/matmul/matmul_versions.hpp"
#include "gpu/demos/reduce/reduce_demo_cuda.cuh"
#include "tests/support/gpu_test_support.hpp"

namespace kc {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

TEST(GpuDemoCancel, EachCgSolverStopsOnePeriodAfterTheRequest) {
  KC_REQUIRE_CUDA_DEVICE();
  const cg::CsrMatrix a = cg::poisson2D(300);
  const std::vector<double> b(static_cast<std::size_t>(a.rows), 1.0);
  for (cg::CgVersion version : {cg::CgVersion::ScalarCsr, cg::CgVersion::VectorCsr, cg::CgVersion::CuSparse}) {
    SCOPED_TRACE(cg::toString(version));
    cg::CgOptions options;
    options.tolerance = 1e-14;
    std::vector<cg::CgSample> seen;
    options.onSample = [&](const cg::CgSample& sample) {
      seen.push_back(sample);
      if (sample.iteration >= 100) options.cancel.cancel();
    };
    const cg::CgResult result = cg::cudaCgSolvers()(version, a, b, cg::Precision::Double, options);
    EXPECT_EQ(result.status, cg::CgStatus::Cancelled);
    // Seen after period p-1 while period p runs: the solve waits for p and stops there.
    EXPECT_GE(result.iterations, 100);
    EXPECT_LE(result.iterations, 150);
    ASSERT_FALSE(seen.empty());
    EXPECT_EQ(seen.front().iteration, 0);
    for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_GT(seen[i].iteration, seen[i - 1].iteration);
    EXPECT_EQ(result.history.back().iteration, result.iterations);
    EXPECT_GT(result.finalRelativeResidual, 1e-10);  // the x it had, not a solution
  }
}

TEST(GpuDemoCancel, LongCgDemoOnTheGpuEndsWithinASecondOfTheCancel) {
  KC_REQUIRE_CUDA_DEVICE();
  cg::CgDemoConfig config;
  config.poissonN = 2000;  // 4M rows: a few thousand iterations to 1e-14, seconds even on an H100
  config.tolerance = 1e-14;
  config.backend = Backend::Cuda;
  config.versions = {cg::CgVersion::VectorCsr, cg::CgVersion::CuSparse};
  config.keepSolution = false;
  std::atomic<bool> solving{false};
  std::atomic<long long> lastIteration{-1};
  config.control.progress = [&](const demos::DemoProgress& p) {
    if (p.iteration > 0) solving = true;
    lastIteration = p.iteration;
  };
  std::atomic<bool> threwCancelled{false};
  std::atomic<bool> done{false};
  std::thread worker([&] {
    try {
      cg::runCgDemo(config, cg::cudaCgSolvers());
    } catch (const demos::Cancelled&) {
      threwCancelled = true;
    }
    done = true;
  });
  const auto wait = Clock::now();
  while (!solving && secondsSince(wait) < 120) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const bool finishedBeforeCancel = done;
  const auto cancelledAt = Clock::now();
  config.control.cancel.cancel();
  worker.join();
  const double seconds = secondsSince(cancelledAt);
  ASSERT_FALSE(finishedBeforeCancel) << "the solve converged before the cancel: make the problem harder";
  EXPECT_TRUE(threwCancelled);
  EXPECT_LT(seconds, 1.0);
  EXPECT_GT(lastIteration.load(), 0);
}

TEST(GpuDemoCancel, ReduceStopsBetweenVersions) {
  KC_REQUIRE_CUDA_DEVICE();
  demos::ReduceDemoConfig config;
  config.n = std::size_t(1) << 20;
  config.reps = 3;
  config.backend = Backend::Cuda;
  std::vector<demos::DemoProgress> reports;
  config.control.progress = [&](const demos::DemoProgress& p) {
    reports.push_back(p);
    if (p.version == 3) config.control.cancel.cancel();  // during the second GPU version
  };
  EXPECT_THROW(demos::runReduceDemo(config, demos::cudaReduceRows()), demos::Cancelled);
  ASSERT_EQ(reports.size(), 3u);  // the fourth version never started
  EXPECT_EQ(reports[2].versions, 11);
}

TEST(GpuDemoCancel, MatmulStopsBetweenVersionsAndShowsVersionIOfN) {
  KC_REQUIRE_CUDA_DEVICE();
  demos::MatmulDemoConfig config;
  config.M = config.N = config.K = 256;
  config.reps = 2;
  config.backend = Backend::Cuda;
  std::vector<demos::DemoProgress> reports;
  config.control.progress = [&](const demos::DemoProgress& p) {
    reports.push_back(p);
    if (p.version == 4) config.control.cancel.cancel();
  };
  EXPECT_THROW(demos::runMatmulDemo(config, demos::cudaMatmulRows()), demos::Cancelled);
  ASSERT_EQ(reports.size(), 4u);
  const std::size_t rows = 2 + demos::kMatmulVersions.size();  // the two CPU rows, then every GPU version
  const std::string third = "version 3 of " + std::to_string(rows) + ": ";
  EXPECT_EQ(demos::describeProgress(reports[2]).rfind(third, 0), 0u) << demos::describeProgress(reports[2]);
  // The same runner, not cancelled, still gives every row: nothing was left behind on the device.
  config.control = {};
  EXPECT_EQ(demos::runMatmulDemo(config, demos::cudaMatmulRows()).rows.size(), rows);
}

}  // namespace
}  // namespace kc
