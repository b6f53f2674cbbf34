// Memory admission (issue 15, item 1): the demos' estimates grow with their parameters as their
// buffers do. The refusals (one line naming what, how much and what is available) are must-fail
// tests: tests/error/gpu/core/memory_budget_test.cpp.
#include <gtest/gtest.h>

#include <new>
#include <string>

#include "gpu/core/error.hpp"
#include "gpu/core/memory_budget.hpp"
#include "gpu/demos/cg/cg_memory.hpp"
#include "gpu/demos/matmul/matmul_memory.hpp"
#include "gpu/demos/reduce/reduce_memory.hpp"

namespace {

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
