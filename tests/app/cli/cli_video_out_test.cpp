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

namespace {

namespace fs = std::filesystem;
using kc::test::CliRun;
using kc::test::runKernelcam;
using kc::test::TempDir;
using kc::test::lines;


CliRun processPattern(const std::string& size, const std::string& filters, int frames, const QStringList& outputs) {
  QStringList arguments = {"process", "--source", "pattern", "--size", QString::fromStdString(size), "--filters",
                           QString::fromStdString(filters), "--backend", "cpu", "--frames", QString::number(frames)};
  return runKernelcam(arguments + outputs);
}

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

TEST(CliVideoOut, WhatCannotBeWrittenIsOneLineExit2AndNoFile) {
  TempDir dir;
  kc::test::writeBytes(dir.file("plain"), "x");
  const struct {
    std::string out, expected;
  } cases[] = {{dir.file("x.mkv"), "cannot write (unknown image extension '.mkv': use .png; a video: .mp4 or .avi)"},
               {dir.file("missing/x.mp4"), "cannot write (no such folder"},
               {dir.file("plain") + "/x.avi", "is not a folder"}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.out);
    const CliRun run = processPattern("64x48", "gray=bt601", 3, {"--out", QString::fromStdString(c.out)});
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_EQ(lines(run.err), 1) << "one line on stderr: " << run.err;
    EXPECT_EQ(run.err.rfind("kernelcam: ", 0), 0u) << run.err;
    EXPECT_NE(run.err.find(c.expected), std::string::npos) << run.err;
  }
  // Only the plain file made for the test: no video, no temporary.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator{}), 1);
}

TEST(CliVideoOut, VcamToAFileGetsEveryFrameAsYuyv) {
  TempDir dir;
  const std::string path = dir.file("frames.yuyv");
  const CliRun run = processPattern("17x3", "gray=bt601", 4, {"--vcam", QString::fromStdString("file:" + path)});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  ASSERT_TRUE(fs::exists(path));
  EXPECT_EQ(fs::file_size(path), 4 * kc::yuyvFrameBytes(17, 3));
}

TEST(CliVideoOut, VcamWithoutTheModuleSaysHowToLoadIt) {
  for (const QStringList& command :
       {QStringList{"process", "--source", "pattern", "--vcam", "/nonexistent/video9"},
        QStringList{"--vcam", "/nonexistent/video9"}}) {  // the window checks before it opens
    SCOPED_TRACE(command.join(' ').toStdString());
    const CliRun run = runKernelcam(command);
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_EQ(lines(run.err), 1) << run.err;
    EXPECT_NE(run.err.find("--vcam '/nonexistent/video9': no such device: load the module: sudo modprobe v4l2loopback "
                           "exclusive_caps=1"),
              std::string::npos)
        << run.err;
  }
}

}  // namespace
