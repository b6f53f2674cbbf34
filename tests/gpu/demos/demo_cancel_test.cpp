// Cancelling the demos and following their progress (CPU paths; the GPU ones are in
// tests/gpu/demos/demo_cancel_gpu_test.cpp): a cancelled run stops at its next check, soon, and says
// "cancelled" instead of returning a result; progress reports come in order.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>
#include <vector>

#include "gpu/demos/cg/cg_cpu.hpp"
#include "gpu/demos/cg/cg_demo.hpp"
#include "gpu/demos/demo_control.hpp"
#include "gpu/demos/matmul/matmul_demo.hpp"
#include "gpu/demos/reduce/reduce_demo.hpp"
#include "gpu/demos/reduce/reduce_versions.hpp"

namespace kc::demos {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// Runs `work` on a thread, cancels `token` once `started` is set (by the work's progress) and
// 100 ms more have passed, and returns how long the work went on after the cancel (seconds).
// The work must take much longer than that when not cancelled.
template <class Work>
double secondsToStopAfterCancel(const CancelToken& token, const std::atomic<bool>& started, Work&& work) {
  std::promise<void> done;
  std::future<void> finished = done.get_future();
  std::thread worker([&] {
    work();
    done.set_value();
  });
  const auto waitStart = Clock::now();
  while (!started && secondsSince(waitStart) < 120) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const auto cancelledAt = Clock::now();
  token.cancel();
  finished.wait();
  const double seconds = secondsSince(cancelledAt);
  worker.join();
  return seconds;
}

// A Poisson system that needs a few thousand iterations to 1e-14: seconds on one core.
cg::CgDemoConfig longCgConfig() {
  cg::CgDemoConfig config;
  config.poissonN = 400;
  config.tolerance = 1e-14;
  config.backend = Backend::Cpu;
  config.precision = cg::Precision::Double;
  config.keepSolution = false;
  return config;
}

TEST(CancelToken, CopiesShareOneFlag) {
  const CancelToken token;
  const CancelToken copy = token;  // NOLINT: the copy is the point
  EXPECT_FALSE(copy.cancelled());
  token.cancel();
  EXPECT_TRUE(copy.cancelled());
  EXPECT_FALSE(CancelToken().cancelled());  // a new token is a new flag
}

TEST(DemoProgress, DescribesVersionsAndCgSamples) {
  EXPECT_EQ(describeProgress({3, 11, "3 sequential addressing"}), "version 3 of 11: 3 sequential addressing");
  EXPECT_EQ(describeProgress({2, 4, "CUDA scalar CSR", 1200, 3.4e-5}),
            "version 2 of 4: CUDA scalar CSR, iteration 1200, ||r|| 3.40e-05");
}

TEST(CgCancel, CpuSolveStopsAtTheNextIterationAndSaysCancelled) {
  const cg::CsrMatrix a = cg::poisson2D(60);
  const std::vector<double> b(static_cast<std::size_t>(a.rows), 1.0);
  cg::CgOptions options;
  options.tolerance = 1e-14;
  std::vector<cg::CgSample> seen;
  options.onSample = [&](const cg::CgSample& sample) {
    seen.push_back(sample);
    if (sample.iteration >= 100) options.cancel.cancel();
  };
  const cg::CgResult result = cg::solveCgCpu<double>(a, b, options);
  EXPECT_EQ(result.status, cg::CgStatus::Cancelled);
  EXPECT_STREQ(cg::toString(result.status), "cancelled");
  EXPECT_FALSE(result.converged());
  EXPECT_EQ(result.iterations, 100);  // the sample at 100 cancelled; iteration 101 never ran
  ASSERT_FALSE(seen.empty());
  EXPECT_EQ(seen.front().iteration, 0);
  EXPECT_EQ(seen.back().iteration, 100);
  EXPECT_GT(result.finalRelativeResidual, 1e-10);  // honest: the x of iteration 100, not a solution
}

TEST(CgCancel, SamplesArriveInIncreasingIterationsAndMatchTheHistory) {
  const cg::CsrMatrix a = cg::poisson2D(30);
  const std::vector<double> b(static_cast<std::size_t>(a.rows), 1.0);
  cg::CgOptions options;
  std::vector<cg::CgSample> seen;
  options.onSample = [&](const cg::CgSample& sample) { seen.push_back(sample); };
  const cg::CgResult result = cg::solveCgCpu<float>(a, b, options);
  ASSERT_EQ(result.status, cg::CgStatus::Converged);
  ASSERT_EQ(seen.size(), result.history.size());
  for (std::size_t i = 0; i < seen.size(); ++i) {
    EXPECT_EQ(seen[i].iteration, result.history[i].iteration);
    EXPECT_EQ(seen[i].residualNorm, result.history[i].residualNorm);
    if (i > 0) EXPECT_GT(seen[i].iteration, seen[i - 1].iteration);
  }
  EXPECT_EQ(seen.back().iteration, result.iterations);
}

TEST(CgCancel, LongDemoRunEndsWithinABoundAndThrowsCancelled) {
  cg::CgDemoConfig config = longCgConfig();
  std::vector<DemoProgress> reports;
  std::atomic<bool> started{false};
  config.control.progress = [&](const DemoProgress& p) {
    reports.push_back(p);
    if (p.iteration >= 50) started = true;
  };
  bool threwCancelled = false;
  const double seconds = secondsToStopAfterCancel(config.control.cancel, started, [&] {
    try {
      cg::runCgDemo(config);
    } catch (const Cancelled&) {
      threwCancelled = true;
    }
  });
  EXPECT_TRUE(threwCancelled) << "a cancelled run must not return a (partial) report";
  EXPECT_LT(seconds, 1.0) << "one CPU iteration on 160000 rows is milliseconds";
  ASSERT_GE(reports.size(), 2u);
  EXPECT_EQ(reports.front().version, 1);
  EXPECT_EQ(reports.front().versions, 1);  // backend cpu: the reference only
  EXPECT_EQ(reports.front().name, "CPU reference");
  EXPECT_EQ(reports.front().iteration, -1);  // "version 1 of 1" before the first sample
  for (std::size_t i = 2; i < reports.size(); ++i) EXPECT_GT(reports[i].iteration, reports[i - 1].iteration);
  EXPECT_GT(reports.back().iteration, 0);
}

TEST(CgCancel, ACancelledTokenStopsTheDemoBeforeItsFirstVersion) {
  cg::CgDemoConfig config = longCgConfig();
  config.control.cancel.cancel();
  const auto start = Clock::now();
  EXPECT_THROW(cg::runCgDemo(config), Cancelled);
  EXPECT_LT(secondsSince(start), 5.0);  // only the matrix is built
}

TEST(ReduceCancel, ProgressCountsTheCpuRowAndTheInjectedGpuVersions) {
  ReduceDemoConfig config;
  config.n = 1000;
  config.reps = 1;
  std::vector<DemoProgress> reports;
  config.control.progress = [&](const DemoProgress& p) { reports.push_back(p); };
  config.backend = Backend::Cpu;
  runReduceDemo(config);
  ASSERT_EQ(reports.size(), 1u);
  EXPECT_EQ(describeProgress(reports[0]), "version 1 of 1: CPU reference (1 thread)");

  // With GPU rows (a stand-in here, reporting as cudaReduceRows does), "of" counts them too.
  reports.clear();
  const ReduceGpuRowsFn gpu = [](const ReduceDemoConfig& c, const ReduceDemoInput&, DemoReport& report) {
    for (const ReduceVersionInfo& info : kReduceVersions) {
      c.control.beginVersion(static_cast<int>(report.rows.size()) + 1, info.name);
      DemoRow row = report.rows[0];
      row.version = info.name;
      report.rows.push_back(row);
    }
  };
  config.backend = Backend::Cuda;
  EXPECT_EQ(runReduceDemo(config, gpu).rows.size(), 1 + kReduceVersions.size());
  ASSERT_EQ(reports.size(), 1 + kReduceVersions.size());
  for (std::size_t i = 0; i < reports.size(); ++i) {
    EXPECT_EQ(reports[i].version, static_cast<int>(i) + 1);
    EXPECT_EQ(reports[i].versions, static_cast<int>(reports.size()));
  }
  EXPECT_EQ(reports[1].name, kReduceVersions[0].name);
}

TEST(ReduceCancel, CancelledRunsThrowInsteadOfReturningAHalfTable) {
  ReduceDemoConfig config;
  config.n = 1000;
  config.reps = 1;
  config.backend = Backend::Cuda;
  int gpuCalls = 0;
  // A GPU part that stops early, as a cancelled one does: the runner must not tabulate it.
  const ReduceGpuRowsFn gpu = [&](const ReduceDemoConfig& c, const ReduceDemoInput&, DemoReport&) {
    ++gpuCalls;
    c.control.cancel.cancel();
  };
  EXPECT_THROW(runReduceDemo(config, gpu), Cancelled);
  EXPECT_EQ(gpuCalls, 1);
  // Cancelled before it starts: nothing runs.
  EXPECT_THROW(runReduceDemo(config, gpu), Cancelled);  // the same token, still set
  EXPECT_EQ(gpuCalls, 1);
}

TEST(MatmulCancel, TheCpuReferenceStopsWithinABound) {
  MatmulDemoConfig config;  // 1024^3: 2^31 flops, the largest product the CPU rows still run
  config.backend = Backend::Cpu;
  config.reps = 1;
  std::vector<DemoProgress> reports;
  std::atomic<bool> started{false};
  config.control.progress = [&](const DemoProgress& p) {
    reports.push_back(p);
    started = true;
  };
  bool threwCancelled = false;
  const double seconds = secondsToStopAfterCancel(config.control.cancel, started, [&] {
    try {
      runMatmulDemo(config);
    } catch (const Cancelled&) {
      threwCancelled = true;
    }
  });
  EXPECT_TRUE(threwCancelled);
  EXPECT_LT(seconds, 1.0) << "the reference checks once per row of C";
  ASSERT_FALSE(reports.empty());
  EXPECT_EQ(describeProgress(reports[0]), "version 1 of 2: CPU triple loop (reference)");
}

TEST(MatmulCancel, ACancelledTokenLeavesCUntouched) {
  const CancelToken cancelled;
  cancelled.cancel();
  const std::vector<float> a(17 * 3, 1.f), b(3 * 5, 1.f);
  std::vector<double> c(17 * 5, -1.0);
  matmulReference(a.data(), b.data(), c.data(), 17, 5, 3, &cancelled);
  matmulTransposedCpu(a.data(), b.data(), c.data(), 17, 5, 3, &cancelled);
  for (double v : c) ASSERT_EQ(v, -1.0);
  matmulReference(a.data(), b.data(), c.data(), 17, 5, 3);  // no token: the whole product
  for (double v : c) ASSERT_EQ(v, 3.0);
}

TEST(TimeCpuMedian, StopsBetweenRepetitionsWhenCancelled) {
  const CancelToken token;
  int calls = 0;
  EXPECT_THROW(timeCpuMedianMs(
                   [&] {
                     if (++calls == 3) token.cancel();
                   },
                   100, token),
               Cancelled);
  EXPECT_EQ(calls, 3);
}

}  // namespace
}  // namespace kc::demos
