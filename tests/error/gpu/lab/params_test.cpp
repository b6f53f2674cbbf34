// Must-fail: kernel parameter assignments the lab refuses (undeclared, without a value, of the wrong
// type, out of range, given twice): one line naming the parameter and the problem. The assignments
// it takes are in tests/gpu/lab/params_test.cpp.
#include <gtest/gtest.h>

#include <bit>

#include "gpu/core/error.hpp"
#include "gpu/lab/kernel_params.hpp"
#include "tests/gpu/lab/kernel_param_values.hpp"

namespace {

using namespace kc::test;

TEST(LabParams, BadAssignmentsNameTheProblem) {
  EXPECT_EQ(errorOf({"size=3"}), "kernel parameter 'size' is not declared (known: radius gain)");
  EXPECT_EQ(errorOf({"radius"}), "kernel parameter 'radius': expected name=value");
  EXPECT_EQ(errorOf({"radius=2.5"}), "kernel parameter radius=2.5: expected an integer in 1..15");
  EXPECT_EQ(errorOf({"radius=x"}), "kernel parameter radius=x: expected an integer in 1..15");
  EXPECT_EQ(errorOf({"radius=16"}), "kernel parameter radius=16 is outside 1..15");
  EXPECT_EQ(errorOf({"gain=2"}), "kernel parameter gain=2 is outside -1..1");
  EXPECT_EQ(errorOf({"gain="}), "kernel parameter gain=: expected a number in -1..1");
  EXPECT_EQ(errorOf({"radius=2", "radius=3"}), "kernel parameter 'radius' given twice");
}

}  // namespace
