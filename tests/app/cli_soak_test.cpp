// `kernelcam process --soak` (short, CPU backend): the memory lines appear at start, every 10%
// and end, and resident memory stops growing once every size and chain has been seen once.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "cli_run.hpp"

namespace {

using kc::test::runKernelcam;

// The verdict covers the whole run, shutdown and the process's own exit included (issue 15, item 8):
// the run line compares resident and peak memory after warm-up with the end and with what is left
// after the pipeline is destroyed; the verdict compares the whole process's peak (wait4) with a
// warm-up-only run's.
TEST(CliSoak, ShortRunReportsMemoryAndStaysFlat) {
  const auto run = runKernelcam({"process", "--source", "pattern", "--size", "160x120", "--frames", "300", "--soak",
                                 "--backend", "cpu"});
  ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
  std::istringstream lines(run.out);
  int starts = 0, progress = 0, ends = 0, shutdowns = 0;
  std::string runLine, verdict;
  const std::regex sampleLine(
      R"(^soak: (start   |        |end     |shutdown) frame (\d+)/300  \d+x\d+  rss [0-9.]+ MiB  peak rss [0-9.]+ MiB  device used .*$)");
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_match(line, m, sampleLine)) {
      starts += m[1] == "start   ";
      progress += m[1] == "        ";
      ends += m[1] == "end     ";
      shutdowns += m[1] == "shutdown";
    } else if (line.rfind("soak: run", 0) == 0) {
      runLine = line;
    } else if (line.rfind("soak: verdict", 0) == 0) {
      verdict = line;
    }
  }
  EXPECT_EQ(starts, 1) << run.out;
  EXPECT_EQ(progress, 9) << run.out;  // frames 30, 60, ... 270
  EXPECT_EQ(ends, 1) << run.out;
  EXPECT_EQ(shutdowns, 1) << run.out;
  std::smatch growth;
  ASSERT_TRUE(std::regex_search(runLine, growth, std::regex(R"(^soak: run OK: rss ([-+][0-9.]+) MiB after warm-up)")))
      << runLine;
  EXPECT_LT(std::stod(growth[1]), 16.0) << runLine;  // generous: a leaking frame buffer would add ~0.1 MiB per frame
  EXPECT_NE(runLine.find("after shutdown"), std::string::npos) << runLine;
  EXPECT_NE(runLine.find("peak rss"), std::string::npos) << runLine;
  EXPECT_NE(runLine.find("5 sizes, 6 chains"), std::string::npos) << runLine;
  std::smatch peak;
  ASSERT_TRUE(std::regex_search(
      verdict, peak,
      std::regex(R"(^soak: verdict OK: run OK; whole-run peak rss ([-+][0-9.]+) MiB over a warm-up-only run \(([0-9.]+) MiB for 300 frames vs ([0-9.]+) MiB for 150 frames, process exit included)")))
      << verdict;
  EXPECT_LT(std::stod(peak[1]), 16.0) << verdict;
  EXPECT_GT(std::stod(peak[2]), 10.0) << verdict;  // a real process's peak, not a blank
}

TEST(CliSoak, NeedsThePatternSource) {
  const auto run = runKernelcam({"process", "--source", "image:/nonexistent.png", "--soak"});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("--soak needs --source pattern"), std::string::npos) << run.err;
}

}  // namespace
