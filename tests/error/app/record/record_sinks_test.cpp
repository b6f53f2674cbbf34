// Must-fail: recording targets that cannot be written (a video file that fails or is left unfinished,
// a bad target, a path that is no loopback device, a loopback device that cannot open) and a sink that
// fails mid-recording: one line saying what to do, and no half-written file. Recordings that work are
// in tests/app/record/record_sinks_test.cpp.
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

std::string vcamError(const std::string& target) {
  try {
    VirtualCamera::open(target);
  } catch (const io::OutputError& e) {
    EXPECT_EQ(e.kind(), io::OutputError::Kind::Usage) << e.what();
    return e.what();
  }
  return "(opened)";
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

TEST(VirtualCamera, PathsThatAreNoLoopbackDeviceAreOneLineEach) {
  TempDir dir;
  test::writeBytes(dir.file("regular"), "x");
  const std::string missing = vcamError("/nonexistent/video9");
  EXPECT_EQ(
      missing,
      "--vcam '/nonexistent/video9': no such device: load the module: sudo modprobe v4l2loopback exclusive_caps=1");
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
  const std::string camera = vcamCapabilityProblem("/dev/video0", "uvcvideo", "Integrated Camera",
                                                   V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_STREAMING);
  EXPECT_NE(camera.find("not a virtual camera: 'Integrated Camera' (driver uvcvideo)"), std::string::npos) << camera;
  EXPECT_NE(camera.find("modprobe v4l2loopback"), std::string::npos) << camera;
}

TEST(BackgroundSink, ASinkFailureStopsWritingAndFinishReportsIt) {
  class FailingSink final : public FrameSink {
   public:
    void write(const cv::Mat&) override {
      throw std::runtime_error("--vcam /dev/video9: write failed (No such device)");
    }
    void finish() override { ADD_FAILURE() << "a failed sink is not finished"; }
    std::string frameSize() const override { return {}; }
  };
  BackgroundSink sink(std::make_unique<FailingSink>(), 4);
  sink.offer({cv::Mat(2, 2, CV_8UC1), false, 0});
  for (int i = 0; i < 200 && sink.progress().error.empty(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_EQ(sink.progress().error, "--vcam /dev/video9: write failed (No such device)");
  EXPECT_FALSE(sink.offer({cv::Mat(2, 2, CV_8UC1), false, 0.1}));
  EXPECT_THROW(sink.finish(), std::runtime_error);
}

}  // namespace
}  // namespace kc
