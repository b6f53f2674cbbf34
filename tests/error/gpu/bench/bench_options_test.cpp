// Must-fail: kc_bench options it cannot take (a size without its height, a zero or negative count,
// an unknown option, an option without its value). Each is kc::InvalidArgument whose first line
// names the option and what is wrong (the usage follows it where the option itself is unknown or
// incomplete). The options it takes are in tests/gpu/bench/bench_report_test.cpp.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gpu/bench/bench_options.hpp"
#include "gpu/core/error.hpp"

namespace kc::bench {
namespace {

// The first line of parseBenchOptions(args)'s refusal, or "(accepted)".
std::string refusal(const std::vector<std::string>& args) {
  try {
    (void)parseBenchOptions(args);
  } catch (const InvalidArgument& e) {
    const std::string message = e.what();
    return message.substr(0, message.find('\n'));
  }
  return "(accepted)";
}

TEST(BenchOptions, BadInputIsRejectedClearly) {
  EXPECT_EQ(refusal({"--size", "640"}), "--size: expected WxH (e.g. 3840x2160), got '640'");
  EXPECT_EQ(refusal({"--size", "0x480"}), "--size: expected WxH (e.g. 3840x2160), got '0x480'");
  EXPECT_EQ(refusal({"--reps", "-3"}), "--reps: expected a positive integer, got '-3'");
  EXPECT_EQ(refusal({"--reps", "5x"}), "--reps: expected a positive integer, got '5x'");
  EXPECT_EQ(refusal({"--reps"}), "--reps: missing value");
  EXPECT_EQ(refusal({"--frobnicate"}), "unknown option '--frobnicate'");
  EXPECT_EQ(refusal({"--only", ","}), "--only: empty list");
  EXPECT_EQ(refusal({"--images"}), "--images: missing value");
}

}  // namespace
}  // namespace kc::bench
