// Must-fail: a kernel file with no __global__ function: one line saying so and what the lab runs.
// Finding the entry is in tests/gpu/lab/entry_test.cpp.
#include <gtest/gtest.h>

#include "gpu/lab/kernel_entry.hpp"

namespace {

TEST(LabEntry, NoKernel) {
  const auto check = kc::lab::findEntry("k.cu", kc::lab::scanSource("__device__ int f() { return 1; }\n"));
  EXPECT_FALSE(check.entry);
  ASSERT_EQ(check.diagnostics.size(), 1u);
  EXPECT_EQ(kc::lab::formatDiagnostic(check.diagnostics[0]),
            "k.cu: error: no kernel: the file has no __global__ function; the lab runs one, "
            "__global__ void NAME(KcInput in, KcOutput out, KcParams params)");
}

}  // namespace
