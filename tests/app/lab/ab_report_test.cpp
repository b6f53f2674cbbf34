// What the A/B view writes beside its two sides (names, times, speed-up, difference), and the
// clock behind "last edit -> first frame with the new kernel".
#include <gtest/gtest.h>

#include "app/lab/ab_report.hpp"
#include "app/lab/lab_controller.hpp"

namespace kc {
namespace {

TEST(AbReport, NamesTimesAndSummary) {
  EXPECT_EQ(chainName({}), "input");
  EXPECT_EQ(chainName(parseFilterChain("gray=lab,conv=gauss:5")), "gray lab + conv gauss 5x5");

  FrameStats stats;
  stats.stages = {{"upload", true, 2.0, 0},
                  {"gray lab", false, 0.25, 0},
                  {"conv gauss 5x5", false, 0.5, 0},
                  {"download", true, 3.0, 0}};
  EXPECT_DOUBLE_EQ(stagesMs(stats), 0.75);  // copies left out

  RunningMean mean(3);
  for (double v : {1.0, 2.0, 3.0, 10.0}) mean.add(v);
  EXPECT_DOUBLE_EQ(mean.mean(), 5.0);  // the last three

  AbReport report;
  report.nameA = "gray lab";
  report.nameB = "kernel grey";
  report.msA = 0.3;
  report.msB = 0.1;
  report.comparison.comparable = true;
  report.comparison.pixels = 100;
  EXPECT_EQ(report.captionA(), "A  gray lab  0.3 ms");
  EXPECT_EQ(report.captionB(), "B  kernel grey  0.1 ms");
  EXPECT_EQ(report.summary(), "B is 3.00x faster  \u00b7  identical (max |A-B| 0)");
  report.comparison.maxAbsDiff = 4;
  report.comparison.meanSquaredError = 0.16;
  report.comparison.differingPixels = 10;
  report.heatScale = 4;
  EXPECT_EQ(
      report.summary(),
      "B is 3.00x faster  \u00b7  max |A-B| 4, PSNR 56.1 dB, 10% of pixels differ  \u00b7  heat map: white = 4 levels");
}

TEST(EditToFrameClock, CountsFromTheEditToTheFirstPresentedFrameThatRanTheProgram) {
  using Clock = std::chrono::steady_clock;
  auto program = lab::makeKernelProgram({"k.cu", "__global__ void k(KcInput in, KcOutput out, KcParams params) {}"});
  const Clock::time_point edit = Clock::now();
  program->editedAt = edit;
  EditToFrameClock clock;
  clock.published(program);
  EXPECT_FALSE(clock.presented(41, edit + std::chrono::milliseconds(100)));  // nothing ran it yet
  program->markRan(42);
  program->markRan(43);  // only the first counts
  EXPECT_EQ(program->firstFrame.load(), 42);
  EXPECT_FALSE(clock.presented(41, edit + std::chrono::milliseconds(200)));  // an older frame on screen
  const auto ms = clock.presented(42, edit + std::chrono::milliseconds(250));
  ASSERT_TRUE(ms);
  EXPECT_NEAR(*ms, 250.0, 1e-6);
  EXPECT_FALSE(clock.waiting());
  EXPECT_FALSE(clock.presented(43, edit + std::chrono::milliseconds(300)));  // measured once
}

}  // namespace
}  // namespace kc
