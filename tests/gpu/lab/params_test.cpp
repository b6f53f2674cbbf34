// Parameter values: defaults, name=value assignments with their errors, and KcParams' bytes.
#include <gtest/gtest.h>

#include <bit>

#include "gpu/core/error.hpp"
#include "gpu/lab/kernel_params.hpp"
#include "tests/gpu/lab/kernel_param_values.hpp"

namespace {

using namespace kc::test;

TEST(LabParams, DefaultsAndAssignments) {
  EXPECT_EQ(kc::lab::defaultValues(params()), (kc::lab::ParamValues{3, 0.25}));
  EXPECT_EQ(kc::lab::applyAssignments(params(), {"gain=-0.5"}), (kc::lab::ParamValues{3, -0.5}));
  EXPECT_EQ(kc::lab::applyAssignments(params(), {"radius=15", "gain=1"}), (kc::lab::ParamValues{15, 1}));
}

TEST(LabParams, PacksOneWordPerParameter) {
  const auto words = kc::lab::packParams(params(), {-7 + 10, 0.25});
  ASSERT_EQ(words.size(), 2u);
  EXPECT_EQ(words[0], 3u);
  EXPECT_EQ(words[1], std::bit_cast<std::uint32_t>(0.25f));
  EXPECT_EQ(kc::lab::packParams({}, {}).size(), 1u);  // an empty KcParams still has an address
}

}  // namespace
