// The recording sinks without a window: the video file (temporary + rename, even sizes, read back
// by OpenCV), the virtual camera against a plain file (the module cannot load in CI) and its
// one-line errors for paths that are not a loopback device, and the writer thread's bounded queue.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <linux/videodev2.h>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>
#include <thread>

#include "app/record/background_sink.hpp"
#include "app/record/video_file.hpp"
#include "app/record/virtual_camera.hpp"
#include "app/record/yuyv.hpp"
#include "app/io/output_file.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/video_read.hpp"
#include "tests/app/record/sink_frames.hpp"

namespace kc {
namespace {

using namespace kc::test;

namespace fs = std::filesystem;
using test::TempDir;

TEST(VideoFile, Mp4AndAviReadBackWithEveryFrameAtAnEvenSize) {
  TempDir dir;
  for (const char* name : {"grey.mp4", "colour.avi", "odd.mp4", "tiny.avi"}) {
    const std::string path = dir.file(name);
    const bool odd = std::string(name) == "odd.mp4", tiny = std::string(name) == "tiny.avi";
    const cv::Size size = tiny ? cv::Size(1, 1) : odd ? cv::Size(17, 3) : cv::Size(64, 48);
    SCOPED_TRACE(name);
    {
      VideoFileWriter writer("--out", path, 25);
      for (int i = 0; i < 10; ++i) writer.write(testFrame(size, i, name[0] == 'c'));
      EXPECT_FALSE(fs::exists(path)) << "the target appears only at finish()";
      writer.finish();
      EXPECT_EQ(writer.frameSize(),
                std::to_string(size.width + size.width % 2) + "x" + std::to_string(size.height + size.height % 2));
    }
    cv::Size read;
    EXPECT_EQ(test::countVideoFrames(path, &read), 10);
    // Odd sides are padded (one repeated column/row), never cropped as OpenCV alone would.
    EXPECT_EQ(read, videoFrameSize(size.width, size.height));
  }
  EXPECT_EQ(folderEntries(dir.path()).size(), 4u) << "no temporaries left";
}

TEST(VideoFile, PixelsSurviveTheCodec) {
  TempDir dir;
  const std::string path = dir.file("flat.avi");
  VideoFileWriter writer("--out", path, 30);
  cv::Mat grey(48, 64, CV_8UC1, cv::Scalar(100));
  grey(cv::Rect(32, 0, 32, 48)).setTo(200);
  for (int i = 0; i < 3; ++i) writer.write(grey);
  writer.finish();
  cv::VideoCapture capture(path);
  cv::Mat frame;
  ASSERT_TRUE(capture.read(frame));
  EXPECT_NEAR(frame.at<cv::Vec3b>(24, 10)[1], 100, 4);
  EXPECT_NEAR(frame.at<cv::Vec3b>(24, 50)[1], 200, 4);
  EXPECT_NEAR(frame.at<cv::Vec3b>(24, 50)[0], frame.at<cv::Vec3b>(24, 50)[2], 4) << "grey stays grey";
}

TEST(VideoFile, ToVideoFramePadsOddSidesWithTheEdge) {
  cv::Mat rgba(3, 17, CV_8UC4, cv::Scalar(10, 20, 30, 255));
  rgba.col(16).setTo(cv::Scalar(1, 2, 3, 255));
  cv::Mat bgrBuffer, paddedBuffer;
  const cv::Mat bgr = toVideoFrame(rgba, videoFrameSize(17, 3), bgrBuffer, paddedBuffer);
  ASSERT_EQ(bgr.size(), cv::Size(18, 4));
  EXPECT_EQ(bgr.at<cv::Vec3b>(3, 17), cv::Vec3b(3, 2, 1)) << "the corner repeats the last column and row";
  EXPECT_EQ(bgr.at<cv::Vec3b>(0, 0), cv::Vec3b(30, 20, 10));
}

TEST(VideoFile, FramesOfAnotherSizeAreFittedIntoTheFirstOnes) {
  TempDir dir;
  const std::string path = dir.file("resized.mp4");
  VideoFileWriter writer("record", path, 30);
  writer.write(testFrame({64, 48}, 0, true));
  writer.write(testFrame({48, 64}, 1, false));  // transposed mid-recording
  writer.finish();
  cv::Size read;
  EXPECT_EQ(test::countVideoFrames(path, &read), 2);
  EXPECT_EQ(read, cv::Size(64, 48));
}

TEST(VirtualCamera, FileTargetGetsRawYuyvFramesOfTheFirstFramesSize) {
  TempDir dir;
  const std::string path = dir.file("frames.yuyv");
  const cv::Size size(17, 3);  // odd width: sent 18 wide
  std::vector<std::uint8_t> expected;
  {
    auto camera = VirtualCamera::open("file:" + path, 30);
    for (int i = 0; i < 5; ++i) {
      const cv::Mat frame = testFrame(size, i, i % 2 == 1);
      camera->write(frame);
      std::vector<std::uint8_t> one;
      toYuyv(frame, one);
      expected.insert(expected.end(), one.begin(), one.end());
    }
    EXPECT_EQ(camera->frameSize(), "18x3");
    EXPECT_FALSE(fs::exists(path)) << "written beside and renamed at finish()";
    camera->finish();
  }
  std::ifstream in(path, std::ios::binary);
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_EQ(bytes.size(), 5 * yuyvFrameBytes(17, 3));
  EXPECT_EQ(bytes, expected);
  // Independent of toYuyv: frame 0 (grey) decoded by OpenCV is the grey ramp, scaled to 16..235.
  cv::Mat decoded;
  cv::cvtColor(cv::Mat(3, 18, CV_8UC2, const_cast<std::uint8_t*>(bytes.data())), decoded, cv::COLOR_YUV2GRAY_YUYV);
  const cv::Mat first = testFrame(size, 0, false);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 18; ++x)
      EXPECT_NEAR(decoded.at<std::uint8_t>(y, x), 16 + 219.0 * first.at<std::uint8_t>(y, std::min(x, 16)) / 255, 0.51)
          << x << "," << y;
}

// A sink that takes its time (an encoder on a busy machine), counting what it got.
class SlowSink final : public FrameSink {
 public:
  explicit SlowSink(std::atomic<bool>* release, std::atomic<int>* written) : release_(release), written_(written) {}
  void write(const cv::Mat&) override {
    while (!release_->load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    ++*written_;
  }
  void finish() override {}
  std::string frameSize() const override { return "2x2"; }

 private:
  std::atomic<bool>* release_;
  std::atomic<int>* written_;
};

TEST(BackgroundSink, AFullQueueDropsAndCountsWithoutWaiting) {
  std::atomic<bool> release{false};
  std::atomic<int> written{0};
  BackgroundSink sink(std::make_unique<SlowSink>(&release, &written), 3);
  const auto start = std::chrono::steady_clock::now();
  int accepted = 0;
  for (int i = 0; i < 20; ++i) accepted += sink.offer({cv::Mat(2, 2, CV_8UC1), false, i / 30.0});
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(500)) << "offer() never waits";
  // One frame may be in the sink's hands, three queued: the rest are dropped.
  EXPECT_GE(accepted, 3);
  EXPECT_LE(accepted, 4);
  EXPECT_EQ(sink.progress().dropped, 20 - accepted);
  EXPECT_EQ(sink.progress().offered, 20);
  release = true;
  sink.finish();
  EXPECT_EQ(written.load(), accepted) << "finish() writes what was queued";
  EXPECT_EQ(sink.progress().frameSize, "2x2");
}

TEST(BackgroundSink, ConstantRateRepeatsFramesOfASlowViewAndSkipsThoseOfAFastOne) {
  std::atomic<bool> release{true};
  std::atomic<int> written{0};
  BackgroundSink sink(std::make_unique<SlowSink>(&release, &written), 100, 10.0);
  // 10 fps video; frames shown at 0, 0.35 (slow: slots 0.1 0.2 0.3), 0.36 and 0.37 (fast: no slot
  // left), 0.45 (slot 0.4).
  for (const double t : {0.0, 0.35, 0.36, 0.37, 0.45}) sink.offer({cv::Mat(2, 2, CV_8UC1), false, t});
  sink.finish();
  EXPECT_EQ(written.load(), 5);
}

}  // namespace
}  // namespace kc
