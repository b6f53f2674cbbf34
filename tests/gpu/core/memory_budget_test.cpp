// Memory admission (issue 15, item 1): a request larger than MemAvailable is refused with one line
// naming what, how much and what is available; a failed allocation is described the same way; the
// demos' estimates grow with their parameters as their buffers do.
#include <gtest/gtest.h>

#include <new>
#include <string>

#include "gpu/core/error.hpp"
#include "gpu/core/memory_budget.hpp"
#include "gpu/demos/demo_memory.hpp"

namespace {

TEST(MemoryBudget, RefusesWhatCannotFitAndSaysHowMuchIsAvailable) {
  const auto available = kc::hostMemoryAvailable();
  if (!available) GTEST_SKIP() << "no /proc/meminfo on this system";
  EXPECT_GT(*available, 0);
  EXPECT_NO_THROW(kc::requireMemory("a small thing", {1024, 0}));
  try {
    kc::requireMemory("a 1 EiB thing", {1152921504606846976.0, 0});
    FAIL() << "admitted 1 EiB";
  } catch (const kc::OutOfMemory& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("not enough host memory for a 1 EiB thing: needs about 1.00 EiB, "), std::string::npos)
        << message;
    EXPECT_NE(message.find("available (MemAvailable)"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos);
  }
  EXPECT_NO_THROW(kc::requireMemory("device work", {0, 1e12}));  // no device figure: not checked
  EXPECT_THROW(kc::requireMemory("device work", {0, 2048}, 1024.0, "Test GPU"), kc::OutOfMemory);
  try {
    kc::requireMemory("device work", {0, 2048}, 1024.0, "Test GPU");
  } catch (const kc::OutOfMemory& e) {
    EXPECT_NE(std::string(e.what()).find("free on Test GPU (cudaMemGetInfo)"), std::string::npos) << e.what();
  }
}

TEST(MemoryBudget, FailedAllocationsAreDescribedInTheSameWords) {
  const std::string host = kc::describeOutOfMemory("poisson", std::bad_alloc());
  EXPECT_NE(host.find("out of host memory while running poisson"), std::string::npos) << host;
  const kc::Error cuda("x.cu", 1, "cudaMalloc", "cudaErrorMemoryAllocation: out of memory while asking for 4 GiB", 2);
  EXPECT_NE(kc::describeOutOfMemory("matmul", cuda).find("out of device memory while running matmul (cudaMalloc"),
            std::string::npos);
  EXPECT_EQ(kc::describeOutOfMemory("x", kc::Error("x.cu", 1, "cudaMemcpy", "invalid value", 1)), "");
  EXPECT_EQ(kc::describeOutOfMemory("x", std::runtime_error("other")), "");
}

TEST(DemoMemory, EstimatesFollowTheDemosBuffers) {
  kc::cg::CgDemoConfig cg;
  cg.backend = kc::Backend::Cpu;
  // Poisson N = 20000: 4e8 rows at ~190 bytes each (the peak measured on N = 2000 and 3000).
  const auto poisson = kc::cg::cgDemoMemory(400'000'000LL, kc::cg::poisson2DNonzeros(20000), cg);
  EXPECT_GT(poisson.hostBytes, 70e9);
  EXPECT_LT(poisson.hostBytes, 85e9);
  EXPECT_EQ(poisson.deviceBytes, 0);
  cg.backend = kc::Backend::Cuda;
  EXPECT_GT(kc::cg::cgDemoMemory(1000, 5000, cg).deviceBytes, 0);
  EXPECT_EQ(kc::cg::poisson2DNonzeros(3), 33);  // 9 rows: 9 diagonal + 24 neighbours

  kc::demos::MatmulDemoConfig matmul;
  matmul.backend = kc::Backend::Cpu;
  matmul.M = matmul.N = matmul.K = 32768;
  EXPECT_NEAR(kc::demos::matmulDemoMemory(matmul).hostBytes, 8.0 * 1024 * 1024 * 1024, 1);  // A and B only
  kc::demos::ReduceDemoConfig reduce;
  reduce.n = std::size_t(1) << 30;
  reduce.backend = kc::Backend::Cpu;
  EXPECT_EQ(kc::demos::reduceDemoMemory(reduce).hostBytes, 4.0 * (1 << 30));
}

}  // namespace
