// Must-fail: a numbered-image sequence whose frame is not a regular file (issue 23, item 7). Each
// frame passes the input-file check before it is decoded, and FFmpeg's image2 reader opens each
// one through it (O_NONBLOCK, then fstat): a FIFO among the frames is one line and exit 2 in
// `process`, before any output, and a window whose remembered source is such a sequence comes up
// on the pattern with the notice. Before, the open blocked forever.
//
// A test that would hang before the fix fails instead: a watchdog opens the FIFO for writing after
// a while and closes it, which releases a blocked reader (it reads an empty file).
#include <gtest/gtest.h>

#include <QSettings>
#include <QToolButton>
#include <atomic>
#include <chrono>
#include <fcntl.h>
#include <filesystem>
#include <opencv2/imgcodecs.hpp>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

#include "tests/support/cli_run.hpp"
#include "app/gui/gui_launcher.hpp"
#include "app/live/live_controller.hpp"
#include "tests/support/qt_test_app.hpp"
#include "app/sources/av_video_reader.hpp"
#include "app/sources/frame_source.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/notice_area.hpp"

namespace {

namespace fs = std::filesystem;
using kc::test::q;
using kc::test::runKernelcam;
using kc::test::TempDir;

constexpr auto kWatchdog = std::chrono::seconds(8);

// Releases whoever blocks opening `fifo` for reading, once `delay` has passed (unless stopped).
class FifoWatchdog {
 public:
  FifoWatchdog(std::string fifo, std::chrono::seconds delay)
      : thread_([this, fifo = std::move(fifo), delay] {
          const auto until = std::chrono::steady_clock::now() + delay;
          while (!stop_ && std::chrono::steady_clock::now() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
          while (!stop_) {  // a reader is blocked in open(): a writer that comes and goes lets it go on
            const int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
            if (fd >= 0) {
              ::close(fd);
              fired_ = true;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
          }
        }) {}
  ~FifoWatchdog() {
    stop_ = true;
    thread_.join();
  }
  bool fired() const { return fired_; }

 private:
  std::atomic<bool> stop_{false}, fired_{false};
  std::thread thread_;
};

// dir/seq/frame_00000.png .. frame_00003.png, with frame `fifoAt` a FIFO.
std::string sequenceWithAFifo(const TempDir& dir, int fifoAt) {
  fs::create_directories(dir.file("seq"));
  for (int i = 0; i < 4; ++i) {
    const std::string frame = dir.file(cv::format("seq/frame_%05d.png", i));
    if (i == fifoAt) EXPECT_EQ(::mkfifo(frame.c_str(), 0600), 0);
    else EXPECT_TRUE(cv::imwrite(frame, cv::Mat(6, 8, CV_8UC3, cv::Scalar::all(30 * i))));
  }
  return dir.file(cv::format("seq/frame_%05d.png", fifoAt));
}

TEST(SequenceInput, AFifoAmongTheFramesIsOneLineBeforeAnyOutput) {
  for (const int fifoAt : {0, 2}) {
    SCOPED_TRACE("the FIFO is frame " + std::to_string(fifoAt));
    TempDir dir;
    const std::string fifo = sequenceWithAFifo(dir, fifoAt);
    FifoWatchdog watchdog(fifo, kWatchdog);
    for (const bool lenient : {false, true}) {
      QStringList arguments{"process",
                            "--source",
                            q("sequence:" + dir.file("seq/frame_%05d.png")),
                            "--frames",
                            "4",
                            "--filters",
                            "gray",
                            "--backend",
                            "cpu",
                            "--out",
                            q(dir.file("out/")),
                            "--json",
                            q(dir.file("r.json"))};
      if (lenient) arguments << "--lenient";
      const auto run = runKernelcam(arguments, 60000);
      EXPECT_EQ(run.exitCode, 2) << run.err;
      EXPECT_NE(run.err.find("sequence:" + dir.file("seq/frame_%05d.png") + ": frame '" + fifo +
                             "': is a FIFO (named pipe), not a regular file"),
                std::string::npos)
          << run.err;
      EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
      EXPECT_FALSE(fs::exists(dir.file("out"))) << "nothing written";
      EXPECT_FALSE(fs::exists(dir.file("r.json")));
    }
    EXPECT_FALSE(watchdog.fired()) << "kernelcam blocked opening the FIFO";
    EXPECT_TRUE(fs::is_fifo(fifo)) << "the input stays as it was";
  }
}

// The reader itself, without the source's check in front of it: a frame that became a FIFO after
// the listing (or one listed nowhere) is refused where FFmpeg opens it, never blocks.
TEST(SequenceInput, TheReaderOpensEachFrameOnlyIfItIsARegularFile) {
  TempDir dir;
  const std::string fifo = sequenceWithAFifo(dir, 1);
  FifoWatchdog watchdog(fifo, kWatchdog);
  const auto started = std::chrono::steady_clock::now();
  const std::string what = "sequence:" + dir.file("seq/frame_%05d.png");
  try {
    kc::AvVideoReader reader(dir.file("seq/frame_%05d.png"), what, {true, false});
    kc::FramePool pool;
    kc::HostFrame frame;
    for (int i = 0; i < 4 && reader.read(frame, pool); ++i) {
    }
    ADD_FAILURE() << "the FIFO frame was read";
  } catch (const kc::SourceError& e) {
    EXPECT_EQ(std::string(e.what()), what + ": frame '" + fifo + "': is a FIFO (named pipe), not a regular file");
  }
  EXPECT_FALSE(watchdog.fired()) << "the reader blocked opening the FIFO";
  EXPECT_LT(std::chrono::steady_clock::now() - started, kWatchdog);
}

// The window whose remembered source is such a sequence: it comes up, on the pattern, with the
// source notice naming the frame (the settings file is a fresh one, QSettings::setPath).
TEST(SequenceInput, ARememberedSequenceThatCannotOpenFallsBackToThePattern) {
  if (!kc::test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
  TempDir dir;
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, QString::fromStdString(dir.file("settings")));
  const std::string fifo = sequenceWithAFifo(dir, 0);
  const QString spec = q("sequence:" + dir.file("seq/frame_%05d.png"));
  QSettings().setValue(kc::settings_key::kSource, spec);
  QSettings().sync();
  FifoWatchdog watchdog(fifo, kWatchdog);
  const auto started = std::chrono::steady_clock::now();
  kc::GuiOptions options;
  options.backend = kc::Backend::Cpu;
  auto session = std::make_unique<kc::GuiSession>(options);
  session->start();
  const kc::GlRenderer& renderer = session->window().view()->renderer();
  ASSERT_TRUE(kc::test::processEventsUntil([&] { return renderer.framesPresented() >= 1; }, 30000)) << "no frames";
  EXPECT_FALSE(watchdog.fired()) << "the window blocked opening the FIFO";
  EXPECT_LT(std::chrono::steady_clock::now() - started, kWatchdog);
  EXPECT_EQ(session->controller().sourceSpec(), QStringLiteral("pattern"));
  const kc::Notice* notice = session->window().notices()->find(QStringLiteral("source"));
  ASSERT_NE(notice, nullptr);
  EXPECT_TRUE(notice->summary.endsWith(QStringLiteral("showing the test pattern"))) << notice->summary.toStdString();
  EXPECT_TRUE(notice->details.contains(QStringLiteral("is a FIFO (named pipe), not a regular file")))
      << notice->details.toStdString();
  session.reset();
  EXPECT_EQ(QSettings().value(kc::settings_key::kSource).toString(), spec) << "the user's choice is kept";
}

// What a sequence pattern can be: its number in the file's name (a folder per number is not
// listed), and at least one file that matches; each otherwise one line, exit 2, before any work.
TEST(SequenceInput, APatternThatNamesNoFramesIsOneLine) {
  TempDir dir;
  fs::create_directories(dir.file("d1"));
  ASSERT_TRUE(cv::imwrite(dir.file("d1/f.png"), cv::Mat(4, 4, CV_8UC3, cv::Scalar::all(1))));
  const struct {
    std::string pattern, message;
  } cases[] = {
      {dir.file("d%d/f.png"), ": the number must be in the file name (frames/frame_%04d.png), not in a folder"},
      {dir.file("d1/g_%03d.png"), ": no file matches the pattern"},
  };
  for (const auto& c : cases) {
    const auto run = runKernelcam(
        {"process", "--source", q("sequence:" + c.pattern), "--backend", "cpu", "--out", q(dir.file("out.png"))},
        30000);
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_EQ(run.err, "kernelcam: sequence:" + c.pattern + c.message + "\n");
    EXPECT_FALSE(fs::exists(dir.file("out.png")));
  }
}

}  // namespace
