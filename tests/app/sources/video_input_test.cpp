// Videos as a user feeds them (issue 15, item 3): a stream that changes resolution mid-stream is
// followed frame by frame (no crop, no repeated frame), a video shorter than --frames stops there
// and says so (unless --loop), a stream damaged mid-way fails naming the frame, and a video: path
// is that one file even when its name holds a printf pattern.
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
using kc::test::VideoSegment;

const std::vector<VideoSegment> kSizeChanges{{320, 240, 5}, {640, 480, 5}, {320, 240, 5}};

// Every frame of the source: its size follows the segment, and its bottom-right pixel is the
// white quadrant (a crop of a larger frame to the first size would show the segment's grey there).
void expectFramesFollowTheSegments(kc::FrameSource& source, const std::vector<VideoSegment>& segments) {
  for (std::size_t s = 0; s < segments.size(); ++s) {
    for (int i = 0; i < segments[s].frames; ++i) {
      SCOPED_TRACE("segment " + std::to_string(s) + " frame " + std::to_string(i));
      const kc::HostFrame frame = source.next();
      ASSERT_EQ(frame.width(), segments[s].width);
      ASSERT_EQ(frame.height(), segments[s].height);
      const unsigned char* corner = frame.rgba.bytes() + (frame.height() - 2) * frame.pitch() + (frame.width() - 2) * 4;
      EXPECT_GT(corner[0], 200);
      const unsigned char* inside = frame.rgba.bytes() + 2 * frame.pitch() + 2 * 4;
      EXPECT_NEAR(inside[0], kc::test::segmentGrey(s), 12);
    }
  }
}

TEST(VideoInput, MotionJpegThatChangesSizeIsFollowedFrameByFrame) {
  TempDir dir;
  const std::string path = dir.file("sizes.mjpeg");
  kc::test::writeMjpeg(path, kSizeChanges);
  kc::VideoSource video(path, {false, false, false});
  expectFramesFollowTheSegments(video, kSizeChanges);
  EXPECT_THROW(video.next(), kc::VideoEnded);
}

TEST(VideoInput, MpegTransportStreamThatChangesSizeIsFollowedFrameByFrame) {
  TempDir dir;
  const std::string path = dir.file("sizes.ts");
  if (!kc::test::writeMpegTs(path, kSizeChanges)) GTEST_SKIP() << "this FFmpeg cannot write MPEG-2 in MPEG-TS";
  kc::VideoSource video(path, {false, false, false});
  expectFramesFollowTheSegments(video, kSizeChanges);
}

TEST(VideoInput, CliWritesEachFrameInItsOwnSize) {
  TempDir dir;
  const std::string path = dir.file("sizes.mjpeg");
  kc::test::writeMjpeg(path, kSizeChanges);
  const std::string frames = dir.file("frames/");
  const auto run = runKernelcam({"process", "--source", q("video:" + path), "--filters", "gray", "--backend", "cpu",
                                 "--frames", "15", "--out", q(frames)});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  for (int i = 0; i < 15; ++i) {
    const cv::Mat png = cv::imread(frames + cv::format("frame_%05d.png", i), cv::IMREAD_UNCHANGED);
    ASSERT_FALSE(png.empty()) << i;
    EXPECT_EQ(png.cols, kSizeChanges[static_cast<std::size_t>(i / 5)].width) << i;
  }
}

QJsonObject readJson(const std::string& path) {
  QFile file(QString::fromStdString(path));
  EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path;
  return QJsonDocument::fromJson(file.readAll()).object();
}

TEST(VideoInput, VideoShorterThanFramesStopsAndSaysSoUnlessLooped) {
  TempDir dir;
  const std::string path = dir.file("short.mjpeg"), json = dir.file("short.json");
  kc::test::writeMjpeg(path, {{32, 24, 7}});
  auto run = runKernelcam(
      {"process", "--source", q("video:" + path), "--backend", "cpu", "--frames", "20", "--json", q(json)});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_NE(run.err.find("ended after 7 frames"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("--loop"), std::string::npos) << run.err;
  QJsonObject report = readJson(json);
  EXPECT_EQ(report["frames"].toInt(), 7);
  EXPECT_EQ(report["frames_requested"].toInt(), 20);

  run = runKernelcam(
      {"process", "--source", q("video:" + path), "--backend", "cpu", "--frames", "20", "--loop", "--json", q(json)});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(readJson(json)["frames"].toInt(), 20);
}

TEST(VideoInput, VideoPathIsLiteralAndSequencesAreAskedForExplicitly) {
  TempDir dir;
  // A file literally named seq_%03d.png, and numbered files that a pattern would match instead.
  const std::string literal = dir.file("seq_%03d.png");
  ASSERT_TRUE(cv::imwrite(literal, cv::Mat(10, 30, CV_8UC3, cv::Scalar::all(7))));
  for (int i = 0; i < 3; ++i)
    ASSERT_TRUE(cv::imwrite(dir.file(cv::format("seq_%03d.png", i)), cv::Mat(20, 40, CV_8UC3, cv::Scalar::all(9))));
  kc::VideoSource one(literal, {false, false, false});
  EXPECT_EQ(one.next().width(), 30);
  EXPECT_THROW(one.next(), kc::VideoEnded);

  const kc::SourceSpec spec = kc::parseSourceSpec("sequence:" + literal);
  EXPECT_TRUE(spec.sequence);
  EXPECT_EQ(kc::formatSourceSpec(spec), "sequence:" + literal);
  kc::SourceOptions options;
  options.loopVideo = false;
  const auto sequence = kc::makeSource(spec, options);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(sequence->next().width(), 40) << i;
  EXPECT_THROW(sequence->next(), kc::VideoEnded);
}

TEST(VideoInput, SharedVideoPlaysToItsEnd) {
  const auto path = kc::test::projectData("samples/tears_of_steel_10s_640x360.mp4");
  ASSERT_TRUE(fs::exists(path)) << path << " (data/samples is part of the repository)";
  kc::VideoSource video(path.string(), {false, false, false});
  long long frames = 0;
  try {
    for (;; ++frames) {
      const kc::HostFrame frame = video.next();
      ASSERT_EQ(frame.width(), 640);
    }
  } catch (const kc::VideoEnded& e) {
    EXPECT_EQ(e.frames(), frames);
  }
  EXPECT_EQ(frames, 240);  // 10 s at 24 frames/s
}

}  // namespace
