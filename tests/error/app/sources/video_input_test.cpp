// Must-fail: videos that cannot be played to the end (a stream damaged midway, a file no decoder
// opens): one line naming the file (and the frame) without the libraries' own noise. Good videos are
// in tests/app/sources/video_input_test.cpp.
#include <gtest/gtest.h>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <filesystem>
#include <fstream>
#include <opencv2/imgcodecs.hpp>

#include "app/sources/source_factory.hpp"
#include "app/sources/video_source.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/test_data.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/video_fixtures.hpp"

namespace {

namespace fs = std::filesystem;
using kc::test::q;
using kc::test::runKernelcam;
using kc::test::TempDir;

// The stream with 800 bytes in the middle of its fourth JPEG's image data zeroed: the decoder meets
// codes that do not exist there.
std::string damagedStream(const TempDir& dir) {
  const std::string clean = dir.file("clean.mjpeg");
  kc::test::writeMjpeg(clean, {{320, 240, 3}, {640, 480, 1}, {320, 240, 3}});
  std::ifstream in(clean, std::ios::binary);
  std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i + 2 < bytes.size(); ++i)
    if (bytes.compare(i, 3, "\xFF\xD8\xFF") == 0) starts.push_back(i);
  EXPECT_EQ(starts.size(), 7u);
  const std::size_t middle = starts[3] + (starts[4] - starts[3]) / 2;
  bytes.replace(middle, 800, std::string(800, '\0'));
  const std::string damaged = dir.file("damaged.mjpeg");
  kc::test::writeBytes(damaged, bytes);
  return damaged;
}

TEST(VideoInput, StreamDamagedMidWayFailsNamingTheFrame) {
  TempDir dir;
  const std::string damaged = damagedStream(dir);
  const auto run = runKernelcam({"process", "--source", q("video:" + damaged), "--backend", "cpu", "--frames", "7",
                                 "--out", q(dir.file("out.png"))});
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_NE(run.err.find("fails at frame 4"), std::string::npos) << run.err;
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << "one line, no FFmpeg chatter: " << run.err;
  EXPECT_FALSE(fs::exists(dir.file("out.png")));
  const auto lenient = runKernelcam({"process", "--source", q("video:" + damaged), "--backend", "cpu", "--frames", "6",
                                     "--lenient", "--out", q(dir.file("out.png"))});
  EXPECT_EQ(lenient.exitCode, 0) << lenient.err;
}

TEST(VideoInput, UnopenableVideoIsOneLineWithoutLibraryNoise) {
  TempDir dir;
  kc::test::writeBytes(dir.file("noise.mp4"), std::string(4096, '\x42'));
  const auto run =
      runKernelcam({"process", "--source", q("video:" + dir.file("noise.mp4")), "--out", q(dir.file("x.png"))});
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_NE(run.err.find("cannot be opened as a video"), std::string::npos) << run.err;
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
}

}  // namespace
