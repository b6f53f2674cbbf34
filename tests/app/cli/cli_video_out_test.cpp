// `kernelcam process --out x.mp4|x.avi` and `--vcam`, run as a user would: every frame in one
// video OpenCV reads back, the virtual camera's raw YUYV frames in a file, and one line, exit 2 and
// no file for what cannot be written.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <opencv2/videoio.hpp>

#include "app/record/yuyv.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/video_read.hpp"
#include "tests/app/cli/video_out_runs.hpp"

namespace {

using namespace kc::test;

namespace fs = std::filesystem;

TEST(CliVideoOut, Mp4AndAviHoldEveryFrameAtTheChainsOutputSize) {
  TempDir dir;
  const struct {
    const char* name;
    const char* size;
    const char* filters;
    cv::Size expected;
  } cases[] = {{"grey.mp4", "64x48", "gray=bt601", {64, 48}},
               {"colour.avi", "64x48", "flip=h", {64, 48}},
               {"transposed.mp4", "64x48", "gray=bt601,transpose", {48, 64}},
               {"odd.mp4", "17x3", "gray=bt601", {18, 4}}};  // odd sides padded to even, never cropped
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string path = dir.file(c.name);
    const CliRun run = processPattern(c.size, c.filters, 10, {"--out", QString::fromStdString(path)});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(run.err.empty()) << run.err;
    cv::Size size;
    EXPECT_EQ(kc::test::countVideoFrames(path, &size), 10);
    EXPECT_EQ(size, c.expected);
  }
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator{}), 4) << "no temporaries left";
}

TEST(CliVideoOut, VcamToAFileGetsEveryFrameAsYuyv) {
  TempDir dir;
  const std::string path = dir.file("frames.yuyv");
  const CliRun run = processPattern("17x3", "gray=bt601", 4, {"--vcam", QString::fromStdString("file:" + path)});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  ASSERT_TRUE(fs::exists(path));
  EXPECT_EQ(fs::file_size(path), 4 * kc::yuyvFrameBytes(17, 3));
}

}  // namespace
