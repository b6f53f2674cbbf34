// DeviceLimits' one-line form (gpu/lab/device_limits.hpp), which `kernel check` keeps between runs:
// every field round-trips; a line with a field missing, unknown, negative or not a number is refused.
#include <gtest/gtest.h>

#include "gpu/lab/device_limits.hpp"

namespace {

kc::lab::DeviceLimits h200() {
  kc::lab::DeviceLimits l;
  l.computeMajor = 9;
  l.computeMinor = 0;
  l.maxThreadsPerBlock = 1024;
  l.maxThreadsPerSm = 2048;
  l.registersPerBlock = 65536;
  l.registersPerSm = 65536;
  l.warpSize = 32;
  l.sharedPerBlock = 49152;
  l.sharedPerSm = 233472;
  l.sharedPerBlockOptin = 232448;
  l.reservedSharedPerBlock = 1024;
  l.smCount = 132;
  return l;
}

TEST(DeviceLimits, RoundTripsThroughItsLine) {
  const std::string line = kc::lab::formatDeviceLimits(h200());
  EXPECT_EQ(line.find('\n'), std::string::npos);
  ASSERT_TRUE(kc::lab::parseDeviceLimits(line).has_value()) << line;
  EXPECT_EQ(*kc::lab::parseDeviceLimits(line), h200());
  EXPECT_EQ(h200().arch(), 90);
}

TEST(DeviceLimits, RefusesLinesThatAreNotWhole) {
  const std::string line = kc::lab::formatDeviceLimits(h200());
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
