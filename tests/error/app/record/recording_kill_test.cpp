// Must-fail: the window's recording ended by a kill (issue 23, "recording survives a kill"). A
// SIGTERM left a 48-byte remnant (an MP4 header whose index never came) and nothing playable.
// Now the recording is written fragmented and flushed as it goes: what was recorded up to the kill
// decodes, and the next start of the window puts it in place (recording_recovery.hpp).
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <QSettings>
#include <filesystem>
#include <fstream>
#include <opencv2/imgproc.hpp>

#include "app/gui/gui_launcher.hpp"
#include "tests/support/qt_test_app.hpp"
#include "app/record/record_controller.hpp"
#include "app/record/recording_recovery.hpp"
#include "app/record/video_file.hpp"
#include "app/sources/frame_source.hpp"
#include "app/sources/video_source.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/notice_area.hpp"

namespace kc {
namespace {

namespace fs = std::filesystem;

cv::Mat movingFrame(int i) {
  cv::Mat frame(240, 320, CV_8UC4, cv::Scalar(40, 80, 120, 255));
  cv::circle(frame, {(i * 7) % 320, 120}, 30, cv::Scalar(250, 250, 250, 255), cv::FILLED);
  return frame;
}

// A child process records to `target` as the window does and is ended by `signal` after
// `frames` frames: the temporary's path, left behind (empty when the child failed).
std::string recordAndKill(const std::string& target, int signal, int frames) {
  int channel[2];
  if (::pipe(channel) != 0) return {};
  const pid_t child = ::fork();
  if (child == 0) {
    ::close(channel[0]);
    try {
      VideoFileWriter writer("Record", target, 30, VideoWriteMode::Recording);
      for (int i = 0;; ++i) {
        writer.write(movingFrame(i));
        if (i == frames) {
          const std::string line = writer.temporaryPath() + "\n";
          if (::write(channel[1], line.data(), line.size()) < 0) ::_exit(4);
        }
        if (i >= frames) ::usleep(20000);  // still recording when the signal comes
      }
    } catch (...) {
    }
    ::_exit(3);
  }
  ::close(channel[1]);
  std::string temporary;
  char c = 0;
  while (::read(channel[0], &c, 1) == 1 && c != '\n') temporary += c;
  ::close(channel[0]);
  ::usleep(200000);
  ::kill(child, signal);
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == signal) << "ended by the signal: status " << status;
  return temporary;
}

// Frames decoded by kernelcam's own reader until the end or the first damaged frame.
long long decodedFrames(const std::string& path, bool lenient) {
  try {
    VideoSource video(path, {false, false, lenient});
    long long frames = 0;
    for (;;) {
      try {
        video.next();
      } catch (const VideoEnded&) {
        return frames;
      }
      ++frames;
    }
  } catch (const SourceError& e) {
    ADD_FAILURE() << path << ": " << e.what();
    return -1;
  }
}

TEST(RecordingSurvivesAKill, WhatWasRecordedPlaysAndRecoveryPutsItInPlace) {
  for (const int signal : {SIGKILL, SIGTERM}) {
    for (const std::string name : {"rec.mp4", "rec.avi"}) {
      SCOPED_TRACE(std::string(::strsignal(signal)) + ", " + name);
      test::TempDir dir;
      const std::string target = dir.file(name);
      const std::string temporary = recordAndKill(target, signal, 150);
      ASSERT_FALSE(temporary.empty()) << "the child did not record";
      ASSERT_TRUE(fs::exists(temporary)) << "a kill leaves the recording's temporary";
      EXPECT_GT(fs::file_size(temporary), 4096u) << "more than a header";
      const long long kept = decodedFrames(temporary, true);
      EXPECT_GE(kept, 30) << "at least the first second plays";

      // The next start: cut to the last whole fragment, renamed into place; it then plays strictly.
      const RecoveryResult result = recoverRecording({temporary, target});
      ASSERT_EQ(result.outcome, RecoveryResult::Outcome::Recovered) << result.message;
      EXPECT_EQ(result.path, target);
      EXPECT_FALSE(fs::exists(temporary));
      EXPECT_GE(decodedFrames(target, false), kept) << "every frame the temporary held, none damaged";
      // A second recovery finds nothing to do.
      EXPECT_EQ(recoverRecording({temporary, target}).outcome, RecoveryResult::Outcome::Gone);
    }
  }
}

TEST(RecordingSurvivesAKill, RecoveryNeverOverwritesAndLeavesALiveRecordingAlone) {
  test::TempDir dir;
  const std::string target = dir.file("clip.mp4");
  {
    // A recording this process is still writing: its lock is held.
    VideoFileWriter live("Record", target, 30, VideoWriteMode::Recording);
    for (int i = 0; i < 40; ++i) live.write(movingFrame(i));
    EXPECT_EQ(recoverRecording({live.temporaryPath(), target}).outcome, RecoveryResult::Outcome::StillRecording);
    EXPECT_TRUE(fs::exists(live.temporaryPath()));
  }
  // A killed one whose target name was taken meanwhile: put beside it, the newer file untouched.
  const std::string temporary = recordAndKill(target, SIGKILL, 90);
  ASSERT_FALSE(temporary.empty());
  test::writeBytes(target, "a newer file");
  const RecoveryResult result = recoverRecording({temporary, target});
  ASSERT_EQ(result.outcome, RecoveryResult::Outcome::Recovered) << result.message;
  EXPECT_EQ(result.path, dir.file("clip (recovered).mp4"));
  EXPECT_EQ(fs::file_size(target), 12u);
  EXPECT_GT(decodedFrames(result.path, false), 0);
  // A header without a whole fragment holds nothing to play: removed, not put in place.
  const std::string stub = dir.file(".stub.partial-0000000000000000.mp4");
  {
    std::ofstream out(stub, std::ios::binary);
    const char ftyp[] = {0, 0, 0, 16, 'f', 't', 'y', 'p', 'i', 's', 'o', 'm', 0, 0, 2, 0};
    out.write(ftyp, sizeof ftyp);
    const char cut[] = {0, 0, 1, 0, 'm', 'o', 'o', 'v'};  // says 256 bytes; the file ends first
    out.write(cut, sizeof cut);
  }
  EXPECT_EQ(recoverRecording({stub, dir.file("stub.mp4")}).outcome, RecoveryResult::Outcome::Empty);
  EXPECT_FALSE(fs::exists(stub));
  EXPECT_FALSE(fs::exists(dir.file("stub.mp4")));
}

// The window's side: a recording noted as running when the process died is put in place at the
// next start, with a notice naming the file.
TEST(RecordingSurvivesAKill, TheNextStartOfTheWindowRecoversIt) {
  if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
  test::TempDir dir;
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, QString::fromStdString(dir.path().string()));
  const std::string target = dir.file("lecture.mp4");
  const std::string temporary = recordAndKill(target, SIGKILL, 90);
  ASSERT_FALSE(temporary.empty());
  QSettings().setValue("record/running", QStringList{QString::fromStdString(temporary + "\n" + target)});

  GuiOptions options;
  options.source = parseSourceSpec("pattern");
  options.patternSize = RunOptions::Size{160, 120};
  options.backend = Backend::Cpu;
  GuiSession session(options);
  EXPECT_EQ(session.recorder().recovered(), QStringList{QString::fromStdString(target)});
  EXPECT_GT(decodedFrames(target, false), 0);
  EXPECT_FALSE(fs::exists(temporary));
  const Notice* notice = session.window().notices()->find(QStringLiteral("record-recovered"));
  ASSERT_NE(notice, nullptr);
  EXPECT_TRUE(notice->summary.contains(QStringLiteral("lecture.mp4"))) << notice->summary.toStdString();
  EXPECT_FALSE(QSettings().contains("record/running")) << "recovered: no longer listed";
}

}  // namespace
}  // namespace kc
