// Frame sources: the pattern's determinism, images and video from data/samples, and every
// unreadable input failing with a message that names it and says why.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/videoio.hpp>

#include "app/sources/image_source.hpp"
#include "app/sources/mat_to_frame.hpp"
#include "app/sources/pattern_source.hpp"
#include "app/sources/source_factory.hpp"
#include "app/sources/video_source.hpp"
#include "tests/support/test_data.hpp"
#include "tests/support/temp_dir.hpp"

namespace fs = std::filesystem;

namespace {

bool sameFrame(const kc::HostFrame& a, const kc::HostFrame& b) {
  return a.format == b.format && a.format == kc::PixelFormat::Rgba8 &&
         kc::samePixels<kc::Rgba8>(a.rgba.view(), b.rgba.view());
}

using kc::test::TempDir;
using kc::test::writeBytes;

TEST(PatternSource, SameIndexGivesSamePixelsAndOtherIndicesDiffer) {
  kc::PatternSource a(321, 203), b(321, 203);
  for (std::int64_t index : {0, 1, 7, 119, 120, 4000}) {
    SCOPED_TRACE(index);
    const kc::HostFrame first = a.frameAt(index);
    EXPECT_EQ(first.width(), 321);
    EXPECT_EQ(first.height(), 203);
    EXPECT_EQ(first.index, index);
    EXPECT_TRUE(sameFrame(first, b.frameAt(index)));
    EXPECT_FALSE(sameFrame(first, a.frameAt(index + 1)));
  }
  // next() walks the same sequence, stamping the time.
  const kc::HostFrame n0 = a.next(), n1 = a.next();
  EXPECT_EQ(n0.index, 0);
  EXPECT_EQ(n1.index, 1);
  EXPECT_GT(n1.timestampSeconds, 0);
  EXPECT_TRUE(sameFrame(n0, b.frameAt(0)));
  // Tiny and odd sizes draw without crashing.
  for (auto size : kc::test::awkwardSizes())
    EXPECT_EQ(kc::PatternSource(size.width, size.height).frameAt(3).width(), size.width);
  EXPECT_THROW(kc::PatternSource(0, 10), kc::SourceError);
}

TEST(ImageSource, LoadsTheSharedImagesAsRgba) {
  const auto images = kc::test::samplePhotos();
  ASSERT_FALSE(images.empty()) << "no photos in " << kc::test::projectData("samples")
                               << " (data/samples is part of the repository)";
  for (const auto& path : images) {
    SCOPED_TRACE(path.string());
    kc::ImageSource source(path.string());
    const kc::HostFrame frame = source.next();
    const cv::Mat bgr = cv::imread(path.string(), cv::IMREAD_COLOR);
    ASSERT_EQ(frame.width(), bgr.cols);
    ASSERT_EQ(frame.height(), bgr.rows);
    ASSERT_EQ(frame.format, kc::PixelFormat::Rgba8);
    const auto& p = frame.rgba.at(bgr.cols / 2, bgr.rows / 3);
    const auto q = bgr.at<cv::Vec3b>(bgr.rows / 3, bgr.cols / 2);
    EXPECT_EQ(p.r, q[2]);
    EXPECT_EQ(p.g, q[1]);
    EXPECT_EQ(p.b, q[0]);
    EXPECT_EQ(source.next().index, 1);
  }
}

TEST(ImageSource, GreySixteenBitAndAlphaBecomeRgba8) {
  TempDir dir;
  cv::Mat grey(5, 7, CV_8UC1);
  cv::Mat deep(5, 7, CV_16UC3);
  cv::Mat alpha(5, 7, CV_8UC4);
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 7; ++x) {
      grey.at<std::uint8_t>(y, x) = static_cast<std::uint8_t>(x * 30 + y);
      deep.at<cv::Vec3w>(y, x) = {static_cast<std::uint16_t>(257 * x), 65535, 0};   // B, G, R
      alpha.at<cv::Vec4b>(y, x) = {10, 20, 30, static_cast<std::uint8_t>(y * 50)};  // B, G, R, A
    }
  ASSERT_TRUE(cv::imwrite(dir.file("grey.png"), grey));
  ASSERT_TRUE(cv::imwrite(dir.file("deep.png"), deep));
  ASSERT_TRUE(cv::imwrite(dir.file("alpha.png"), alpha));

  const auto g = kc::ImageSource(dir.file("grey.png")).next();
  const auto d = kc::ImageSource(dir.file("deep.png")).next();
  const auto a = kc::ImageSource(dir.file("alpha.png")).next();
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 7; ++x) {
      const std::uint8_t v = grey.at<std::uint8_t>(y, x);
      EXPECT_EQ(g.rgba.at(x, y).r, v);
      EXPECT_EQ(g.rgba.at(x, y).g, v);
      EXPECT_EQ(g.rgba.at(x, y).a, 255);
      EXPECT_EQ(d.rgba.at(x, y).b, x);  // 257 * x / 257
      EXPECT_EQ(d.rgba.at(x, y).g, 255);
      EXPECT_EQ(d.rgba.at(x, y).r, 0);
      EXPECT_EQ(a.rgba.at(x, y).r, 30);
      EXPECT_EQ(a.rgba.at(x, y).b, 10);
      EXPECT_EQ(a.rgba.at(x, y).a, y * 50);
    }
}

TEST(VideoSource, LoopsThroughTheSharedVideo) {
  const auto path = kc::test::projectData("samples/tears_of_steel_10s_640x360.mp4");
  ASSERT_TRUE(fs::exists(path)) << path << " (data/samples is part of the repository)";
  kc::VideoSource video(path.string());
  EXPECT_EQ(video.width(), 640);
  EXPECT_EQ(video.height(), 360);
  EXPECT_GT(video.framesPerSecond(), 0);
  const kc::HostFrame first = video.next();
  EXPECT_EQ(first.width(), 640);
  EXPECT_EQ(first.index, 0);
  EXPECT_EQ(video.next().index, 1);
}

TEST(VideoSource, LoopsAtTheEnd) {
  // A short video written here: 3 frames; reading 7 must wrap twice.
  TempDir dir;
  const std::string path = dir.file("short.avi");
  cv::VideoWriter writer(path, cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), 10, cv::Size(32, 24));
  if (!writer.isOpened()) GTEST_SKIP() << "this OpenCV cannot write MJPG/AVI";
  for (int i = 0; i < 3; ++i) writer.write(cv::Mat(24, 32, CV_8UC3, cv::Scalar(i * 80, 0, 0)));
  writer.release();
  kc::VideoSource video(path);
  for (int i = 0; i < 7; ++i) {
    const kc::HostFrame frame = video.next();
    EXPECT_EQ(frame.index, i);
    EXPECT_EQ(frame.width(), 32);
  }
  EXPECT_GE(video.loops(), 2);
}

TEST(SourceFactory, ParsesTheSourceSyntax) {
  EXPECT_EQ(kc::parseSourceSpec("camera").kind, kc::SourceKind::Camera);
  EXPECT_EQ(kc::parseSourceSpec("camera:2").cameraIndex, 2);
  EXPECT_EQ(kc::parseSourceSpec("pattern").kind, kc::SourceKind::Pattern);
  const auto image = kc::parseSourceSpec("image:/a/b:c.png");
  EXPECT_EQ(image.kind, kc::SourceKind::Image);
  EXPECT_EQ(image.path, "/a/b:c.png");  // only the first ':' separates
  EXPECT_EQ(kc::parseSourceSpec("video:x.mp4").path, "x.mp4");
  // A bare file name: its kind by suffix (any case), the whole text its path.
  EXPECT_EQ(kc::parseSourceSpec("photo.JPG").kind, kc::SourceKind::Image);
  EXPECT_EQ(kc::parseSourceSpec("photo.JPG").path, "photo.JPG");
  EXPECT_EQ(kc::parseSourceSpec("clip.mp4").kind, kc::SourceKind::Video);
  EXPECT_FALSE(kc::parseSourceSpec("clip.mp4").sequence);
  EXPECT_EQ(kc::parseSourceSpec("/a/b:c.png").path, "/a/b:c.png");
  EXPECT_EQ(kc::parseSourceSpec("pattern.png").kind, kc::SourceKind::Image);
  EXPECT_EQ(kc::formatSourceSpec(kc::parseSourceSpec("photo.png")), "image:photo.png");
  EXPECT_EQ(kc::formatSourceSpec(kc::parseSourceSpec("camera:1")), "camera:1");
  for (const char* bad : {"", "webcam", "camera:x", "camera:-1", "image:", "video:", "pattern:3", "notes.txt"}) {
    SCOPED_TRACE(bad);
    EXPECT_THROW(kc::parseSourceSpec(bad), kc::SourceError);
  }
  try {
    kc::parseSourceSpec("webcam");
  } catch (const kc::SourceError& e) {
    EXPECT_NE(std::string(e.what()).find("camera[:N], pattern, image:PATH, video:PATH, sequence:PATTERN or an image or "
                                         "video file (photo.jpg, clip.mp4)"),
              std::string::npos);
  }
  int w = 0, h = 0;
  EXPECT_TRUE(kc::parseFrameSize("640x480", &w, &h));
  EXPECT_EQ(w, 640);
  EXPECT_EQ(h, 480);
  EXPECT_TRUE(kc::parseFrameSize("320X240", &w, &h));
  EXPECT_EQ(w, 320);
  for (const char* bad : {"640", "x480", "640x", "0x5", "640x480x3", "20000x10"})
    EXPECT_FALSE(kc::parseFrameSize(bad, &w, &h)) << bad;
}

TEST(SourceFactory, MakesEachFileSource) {
  kc::SourceOptions options;
  options.patternWidth = 64;
  options.patternHeight = 48;
  auto pattern = kc::makeSource(kc::parseSourceSpec("pattern"), options);
  EXPECT_EQ(pattern->next().width(), 64);
  EXPECT_EQ(pattern->name(), "pattern 64x48");
  EXPECT_THROW(kc::makeSource(kc::parseSourceSpec("image:/nonexistent/x.png")), kc::SourceError);
}

}  // namespace
