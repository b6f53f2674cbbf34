// Must-fail: work that cannot fit in memory. It is refused before it allocates, in one line that
// says how much it needs and how much is available; a failed allocation is described in the same
// words. The estimates themselves are in tests/gpu/core/memory_budget_test.cpp.
#include <gtest/gtest.h>

#include <new>
#include <string>

#include "gpu/core/error.hpp"
#include "gpu/core/memory_budget.hpp"

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

}  // namespace
