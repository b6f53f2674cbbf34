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

namespace kc {
namespace {

namespace fs = std::filesystem;
using test::TempDir;

// Frame i: a grey ramp shifted by i (so frames differ), or its colour version.
cv::Mat testFrame(cv::Size size, int i, bool colour) {
  cv::Mat grey(size, CV_8UC1);
  for (int y = 0; y < size.height; ++y)
    for (int x = 0; x < size.width; ++x) grey.at<std::uint8_t>(y, x) = static_cast<std::uint8_t>((x * 7 + y * 3 + i * 20) % 256);
  if (!colour) return grey;
  cv::Mat rgba;
  cv::cvtColor(grey, rgba, cv::COLOR_GRAY2RGBA);
  rgba.forEach<cv::Vec4b>([](cv::Vec4b& p, const int*) { p[0] = static_cast<std::uint8_t>(255 - p[0]); });
  return rgba;
}

std::vector<std::string> folderEntries(const fs::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) names.push_back(entry.path().filename().string());
  return names;
}

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
      EXPECT_EQ(writer.frameSize(), std::to_string(size.width + size.width % 2) + "x" +
                                        std::to_string(size.height + size.height % 2));
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

TEST(VideoFile, UnfinishedOrFailedLeavesNoFile) {
  TempDir dir;
  const std::string path = dir.file("cancelled.mp4");
  {
    VideoFileWriter writer("--out", path, 30);
    writer.write(testFrame({64, 48}, 0, false));
  }
  EXPECT_TRUE(folderEntries(dir.path()).empty());
  {
    VideoFileWriter writer("--out", path, 30);
    EXPECT_THROW(writer.finish(), io::OutputError) << "no frame: nothing to keep";
  }
  EXPECT_TRUE(folderEntries(dir.path()).empty());
  // An older file at the target keeps its contents when the new recording is not finished.
  test::writeBytes(path, "old");
  { VideoFileWriter("--out", path, 30).write(testFrame({64, 48}, 0, false)); }
  EXPECT_EQ(fs::file_size(path), 3u);
  EXPECT_EQ(folderEntries(dir.path()).size(), 1u);
}

TEST(VideoFile, BadTargetsAreOneLineBeforeAnyFrame) {
  TempDir dir;
  test::writeBytes(dir.file("plain"), "x");
  fs::create_directories(dir.file("folder.mp4"));
  const struct {
    std::string path, expected;
  } cases[] = {{dir.file("missing/x.mp4"), "no such folder"},
               {dir.file("plain") + "/x.mp4", "is not a folder"},
               {dir.file("folder.mp4"), "is a directory"},
               {dir.file("x.mkv"), "a video is .mp4 or .avi"}};
  for (const auto& c : cases) {
    try {
      VideoFileWriter writer("--out", c.path, 30);
      ADD_FAILURE() << c.path << " was accepted";
    } catch (const io::OutputError& e) {
      const std::string message = e.what();
      EXPECT_EQ(e.kind(), io::OutputError::Kind::Usage);
      EXPECT_NE(message.find("--out '" + c.path + "': cannot write"), std::string::npos) << message;
      EXPECT_NE(message.find(c.expected), std::string::npos) << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  }
  if (::geteuid() != 0) {  // root writes anywhere
    fs::create_directories(dir.file("readonly"));
    ::chmod(dir.file("readonly").c_str(), 0555);
    EXPECT_THROW(VideoFileWriter("--out", dir.file("readonly/x.mp4"), 30), io::OutputError);
  }
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

std::string vcamError(const std::string& target) {
  try {
    VirtualCamera::open(target);
  } catch (const io::OutputError& e) {
    EXPECT_EQ(e.kind(), io::OutputError::Kind::Usage) << e.what();
    return e.what();
  }
  return "(opened)";
}

TEST(VirtualCamera, PathsThatAreNoLoopbackDeviceAreOneLineEach) {
  TempDir dir;
  test::writeBytes(dir.file("regular"), "x");
  const std::string missing = vcamError("/nonexistent/video9");
  EXPECT_EQ(missing, "--vcam '/nonexistent/video9': no such device: load the module: sudo modprobe v4l2loopback exclusive_caps=1");
  EXPECT_NE(vcamError(dir.file("regular")).find("not a V4L2 device (a regular file; file:"), std::string::npos);
  EXPECT_NE(vcamError(dir.path().string()).find("not a V4L2 device (a folder)"), std::string::npos);
  EXPECT_EQ(vcamError("/dev/null"), "--vcam '/dev/null': not a V4L2 device");
  EXPECT_NE(vcamError("file:" + dir.file("missing/x.yuyv")).find("cannot write (no such folder"), std::string::npos);
  EXPECT_EQ(vcamError("file:"), "--vcam file: needs a path (file:frames.yuyv)");
  for (const std::string& message : {missing, vcamError("/dev/null"), vcamError(dir.file("regular"))})
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  EXPECT_EQ(folderEntries(dir.path()).size(), 1u) << "a failed open leaves nothing";
}

TEST(VirtualCamera, OpenFailuresAndCapabilitiesSayWhatToDo) {
  EXPECT_NE(vcamOpenProblem("/dev/video9", EBUSY).find("busy: another program is already sending to it"),
            std::string::npos);
  EXPECT_NE(vcamOpenProblem("/dev/video9", EACCES).find("no permission: add yourself to the 'video' group"),
            std::string::npos);
  EXPECT_NE(vcamOpenProblem("/dev/video9", ENODEV).find("sudo modprobe v4l2loopback"), std::string::npos);
  // A loopback device with output: fine. Without (exclusive_caps=1 while another program sends): busy.
  EXPECT_EQ(vcamCapabilityProblem("/dev/video9", "v4l2 loopback", "Dummy video device", V4L2_CAP_VIDEO_OUTPUT), "");
  EXPECT_NE(vcamCapabilityProblem("/dev/video9", "v4l2 loopback", "Dummy", V4L2_CAP_VIDEO_CAPTURE).find("busy"),
            std::string::npos);
  // A webcam: capture only.
  const std::string camera =
      vcamCapabilityProblem("/dev/video0", "uvcvideo", "Integrated Camera", V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_STREAMING);
  EXPECT_NE(camera.find("not a virtual camera: 'Integrated Camera' (driver uvcvideo)"), std::string::npos) << camera;
  EXPECT_NE(camera.find("modprobe v4l2loopback"), std::string::npos) << camera;
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

TEST(BackgroundSink, ASinkFailureStopsWritingAndFinishReportsIt) {
  class FailingSink final : public FrameSink {
   public:
    void write(const cv::Mat&) override { throw std::runtime_error("--vcam /dev/video9: write failed (No such device)"); }
    void finish() override { ADD_FAILURE() << "a failed sink is not finished"; }
    std::string frameSize() const override { return {}; }
  };
  BackgroundSink sink(std::make_unique<FailingSink>(), 4);
  sink.offer({cv::Mat(2, 2, CV_8UC1), false, 0});
  for (int i = 0; i < 200 && sink.progress().error.empty(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_EQ(sink.progress().error, "--vcam /dev/video9: write failed (No such device)");
  EXPECT_FALSE(sink.offer({cv::Mat(2, 2, CV_8UC1), false, 0.1}));
  EXPECT_THROW(sink.finish(), std::runtime_error);
}

}  // namespace
}  // namespace kc
