// The backend the app would choose (CUDA on a GPU machine, the CPU here) follows frames whose
// size changes mid-stream, as a video or a camera switching format can deliver.
#include <gtest/gtest.h>

#include "app/session/run_session.hpp"
#include "app/sources/pattern_source.hpp"

namespace {

TEST(AppPipeline, FollowsSizeChangesMidStream) {
  auto pipeline = kc::RunSession(kc::Backend::Auto).newPipeline();
  auto reference = kc::makeCpuPipeline();
  const auto chain = kc::parseFilterChain("gray=bt601,transpose,hist=64");  // exact on every backend
  pipeline->setChain(chain);
  reference->setChain(chain);
  SCOPED_TRACE(kc::toString(pipeline->backend()));
  const int sizes[][2] = {{160, 90}, {160, 90}, {33, 17}, {320, 180}, {160, 90}, {1, 1}};
  std::int64_t index = 0;
  for (const auto& size : sizes) {
    SCOPED_TRACE(std::to_string(size[0]) + "x" + std::to_string(size[1]));
    const kc::HostFrame frame = kc::PatternSource(size[0], size[1]).frameAt(index++);
    const kc::FrameResult got = pipeline->process(frame);
    const kc::FrameResult want = reference->process(frame);
    ASSERT_EQ(got.output.format, kc::PixelFormat::Gray8);
    ASSERT_EQ(got.output.width(), size[1]);
    ASSERT_EQ(got.output.height(), size[0]);
    EXPECT_TRUE(kc::samePixels<std::uint8_t>(got.output.gray.view(), want.output.gray.view()));
    EXPECT_EQ(got.stats.histogram, want.stats.histogram);
    EXPECT_EQ(got.stats.width, size[0]);
    EXPECT_EQ(got.stats.frameIndex, index - 1);
  }
}

TEST(AppPipeline, CpuStatsNameEveryStageWithBytes) {
  auto pipeline = kc::makeCpuPipeline();
  pipeline->setChain(kc::parseFilterChain("gray,gray,hist=16,transpose"));
  const kc::FrameResult result = pipeline->process(kc::PatternSource(64, 32).frameAt(0));
  ASSERT_EQ(result.stats.stages.size(), 4u);
  EXPECT_EQ(result.stats.stages[0].name, "gray lab");
  EXPECT_EQ(result.stats.stages[0].bytes, 64 * 32 * 5.0);
  EXPECT_EQ(result.stats.stages[1].name, "gray lab #2");
  EXPECT_EQ(result.stats.stages[1].bytes, 0.0);  // already grey: no-op
  EXPECT_EQ(result.stats.histogramBins, 16);
  EXPECT_EQ(result.stats.histogramChannels, 1);
  std::uint64_t total = 0;
  for (auto c : result.stats.histogram) total += c;
  EXPECT_EQ(total, 64u * 32u);
  EXPECT_EQ(result.output.width(), 32);
  EXPECT_EQ(pipeline->displayPath(), kc::DisplayPath::Cpu);
}

}  // namespace
