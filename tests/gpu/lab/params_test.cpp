// Parameter values: defaults, name=value assignments with their errors, and KcParams' bytes.
#include <gtest/gtest.h>

#include <bit>

#include "gpu/core/error.hpp"
#include "gpu/lab/kernel_params.hpp"

namespace {

std::vector<kc::lab::KernelParam> params() {
  const auto parse = kc::lab::parseAnnotations(
      "k.cu", kc::lab::scanSource("// @param radius int 1..15 = 3\n// @param gain float -1..1 = 0.25\n"));
  EXPECT_TRUE(parse.diagnostics.empty());
  return parse.annotations.params;
}

std::string errorOf(const std::vector<std::string>& assignments) {
  try {
    kc::lab::applyAssignments(params(), assignments);
  } catch (const kc::InvalidArgument& e) {
    return e.what();
  }
  return "no error";
}

TEST(LabParams, DefaultsAndAssignments) {
  EXPECT_EQ(kc::lab::defaultValues(params()), (kc::lab::ParamValues{3, 0.25}));
  EXPECT_EQ(kc::lab::applyAssignments(params(), {"gain=-0.5"}), (kc::lab::ParamValues{3, -0.5}));
  EXPECT_EQ(kc::lab::applyAssignments(params(), {"radius=15", "gain=1"}), (kc::lab::ParamValues{15, 1}));
}

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

TEST(LabParams, PacksOneWordPerParameter) {
  const auto words = kc::lab::packParams(params(), {-7 + 10, 0.25});
  ASSERT_EQ(words.size(), 2u);
  EXPECT_EQ(words[0], 3u);
  EXPECT_EQ(words[1], std::bit_cast<std::uint32_t>(0.25f));
  EXPECT_EQ(kc::lab::packParams({}, {}).size(), 1u);  // an empty KcParams still has an address
}

}  // namespace
