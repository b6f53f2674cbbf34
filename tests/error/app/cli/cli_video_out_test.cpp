// Must-fail: `process --out x.mp4|x.avi` and --vcam where they cannot be written: one line, exit 2
// and no file; --vcam without the loopback module says how to load it. The videos written are in
// tests/app/cli/cli_video_out_test.cpp.
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
