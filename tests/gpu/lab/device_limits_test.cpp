// DeviceLimits' one-line form (gpu/lab/device_limits.hpp), which `kernel check` keeps between runs:
// every field round-trips; a line with a field missing, unknown, negative or not a number is refused.
#include <gtest/gtest.h>

#include "gpu/lab/device_limits.hpp"
#include "tests/support/device_limits_fixture.hpp"

namespace {

using kc::test::h200Limits;

TEST(DeviceLimits, RoundTripsThroughItsLine) {
  const std::string line = kc::lab::formatDeviceLimits(h200Limits());
  EXPECT_EQ(line.find('\n'), std::string::npos);
  ASSERT_TRUE(kc::lab::parseDeviceLimits(line).has_value()) << line;
  EXPECT_EQ(*kc::lab::parseDeviceLimits(line), h200Limits());
  EXPECT_EQ(h200Limits().arch(), 90);
}

TEST(DeviceLimits, RefusesLinesThatAreNotWhole) {
  const std::string line = kc::lab::formatDeviceLimits(h200Limits());
  EXPECT_FALSE(kc::lab::parseDeviceLimits(""));
  EXPECT_FALSE(kc::lab::parseDeviceLimits(line.substr(0, line.rfind(' '))));  // the SM count gone
  EXPECT_FALSE(kc::lab::parseDeviceLimits(line + " colour=blue"));
  EXPECT_FALSE(kc::lab::parseDeviceLimits("x" + line));
  std::string negative = line;
  negative.replace(negative.find("sms=132"), 7, "sms=-1");
  EXPECT_FALSE(kc::lab::parseDeviceLimits(negative));
  std::string word = line;
  word.replace(word.find("warp=32"), 7, "warp=3x");
  EXPECT_FALSE(kc::lab::parseDeviceLimits(word));
}

}  // namespace
