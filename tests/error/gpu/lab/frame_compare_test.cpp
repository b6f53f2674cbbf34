// Must-fail: frames of different sizes given to the A/B comparison: not comparable, and the line
// the lab shows says both sizes. The comparison itself is in tests/gpu/lab/frame_compare_test.cpp.
#include <gtest/gtest.h>

#include <cmath>

#include "tests/support/test_data.hpp"
#include "gpu/lab/frame_compare.hpp"
#include "tests/gpu/lab/compared_frames.hpp"

namespace {

using kc::HostFrame;
using kc::PixelFormat;
using kc::lab::compareFrames;

using namespace kc::test;

TEST(FrameCompare, DifferentSizesAreNotComparable) {
  const auto c = compareFrames(grey(1920, 1080, 0), grey(1080, 1920, 0));
  EXPECT_FALSE(c.comparable);
  EXPECT_FALSE(c.identical());
  EXPECT_EQ(kc::lab::describeComparison(c), "A is 1920x1080, B is 1080x1920: not the same size");
  EXPECT_THROW((void)kc::lab::differenceHeatMap(grey(2, 2, 0), grey(2, 3, 0), 1), std::invalid_argument);
}

}  // namespace
