// `kernelcam process --soak` (short, CPU backend): the memory lines appear at start, every 10%
// and end, and resident memory stops growing once every size and chain has been seen once.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "cli_run.hpp"

namespace {

using kc::test::runKernelcam;

TEST(CliSoak, ShortRunReportsMemoryAndStaysFlat) {
  const auto run = runKernelcam({"process", "--source", "pattern", "--size", "160x120", "--frames", "300", "--soak",
                                 "--backend", "cpu"});
  ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
  std::istringstream lines(run.out);
  int starts = 0, progress = 0, ends = 0;
  std::string verdict;
  const std::regex sampleLine(R"(^soak: (start|     |end  ) frame (\d+)/300  \d+x\d+  rss [0-9.]+ MiB  device used .*$)");
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_match(line, m, sampleLine)) {
      starts += m[1] == "start";
      progress += m[1] == "     ";
      ends += m[1] == "end  ";
    } else if (line.rfind("soak: verdict", 0) == 0) {
      verdict = line;
    }
  }
  EXPECT_EQ(starts, 1) << run.out;
  EXPECT_EQ(progress, 9) << run.out;  // frames 30, 60, ... 270
  EXPECT_EQ(ends, 1) << run.out;
  std::smatch growth;
  ASSERT_TRUE(std::regex_search(verdict, growth, std::regex(R"(^soak: verdict OK: rss ([-+][0-9.]+) MiB after warm-up)")))
      << verdict;
  EXPECT_LT(std::stod(growth[1]), 16.0) << verdict;  // generous: a leaking frame buffer would add ~0.1 MiB per frame
  EXPECT_NE(verdict.find("5 sizes, 6 chains"), std::string::npos) << verdict;
}

TEST(CliSoak, NeedsThePatternSource) {
  const auto run = runKernelcam({"process", "--source", "image:/nonexistent.png", "--soak"});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("--soak needs --source pattern"), std::string::npos) << run.err;
}

}  // namespace
