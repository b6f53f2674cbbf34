// `kernelcam process` during a run of many frames: a terminal sees frames done / total, frames/s
// and the time left on stderr, wiped before the run ends; a pipe or a log sees nothing of it, nor
// does --quiet. The JSON gives the frames/s of the filters alone (fps) and of the whole run,
// reading and writing included (end_to_end_fps).
#include <gtest/gtest.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <filesystem>

#include "app/cli/terminal_progress.hpp"
#include "tests/support/cli_run.hpp"

namespace kc {
namespace {

using test::CliRun;
using test::runKernelcam;

// Enough frames through a video encoder that a run takes a while, on the CPU backend.
QStringList longRun(const std::string& video) {
  return {"process",   "--source",          "pattern",   "--size", "640x360", "--frames",    "40",
          "--filters", "gray,conv=gauss:5", "--backend", "cpu",    "--out",   test::q(video)};
}

TEST(CliProcessProgress, TheJsonHasTheEndToEndRateBesideTheFiltersRate) {
  const std::string video = test::tempPath("progress_json.mp4");
  const CliRun run = runKernelcam(longRun(video) + QStringList{"--json", "-"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const QJsonObject report = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).object();
  const double filters = report["fps"].toDouble(), endToEnd = report["end_to_end_fps"].toDouble();
  EXPECT_GT(endToEnd, 0) << run.out;
  // The whole run holds the filters' time and more (the pattern drawn, the frames encoded and written).
  EXPECT_LE(endToEnd, filters) << run.out;
  std::filesystem::remove(video);
}

TEST(CliProcessProgress, NothingOfItGoesIntoAPipe) {
  const std::string video = test::tempPath("progress_pipe.mp4");
  const CliRun run = runKernelcam(longRun(video));
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(run.err, "") << "stderr is a pipe here: no progress";
  std::filesystem::remove(video);
}

TEST(CliProcessProgress, ATerminalSeesFramesDoneAndTheLineIsWiped) {
  if (!test::canRunOnATerminal())
    GTEST_SKIP() << "script(1) (bsdutils) is not installed: no pseudo-terminal to test with";
  const std::string video = test::tempPath("progress_tty.mp4");
  // The first frame is shown at once, whatever this machine's speed.
  const CliRun shown = test::runOnATerminal(longRun(video));
  ASSERT_EQ(shown.exitCode, 0) << shown.out;
  EXPECT_NE(shown.out.find("kernelcam: process: frame 1 of 40, "), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find(" frames/s, "), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find(" left"), std::string::npos) << shown.out;
  EXPECT_EQ(shown.out.rfind("\r\033[K"), shown.out.size() - 4) << "the line is wiped at the end";

  const CliRun quiet = test::runOnATerminal(longRun(video) + QStringList{"--quiet"});
  ASSERT_EQ(quiet.exitCode, 0) << quiet.out;
  EXPECT_EQ(quiet.out, "") << "--quiet: nothing on a terminal either";

  // One frame: nothing to follow.
  const CliRun one = test::runOnATerminal({"process", "--source", "pattern", "--size", "64x32", "--backend", "cpu",
                                           "--out", test::q(test::tempPath("progress_one.png"))});
  ASSERT_EQ(one.exitCode, 0) << one.out;
  EXPECT_EQ(one.out, "");
  std::filesystem::remove(video);
}

TEST(CliProcessProgress, TheLineSaysFramesRateAndTimeLeft) {
  EXPECT_EQ(cli::framesProgressText(120, 900, 10.0), "frame 120 of 900, 12.0 frames/s, 1 min 05 s left");
  EXPECT_EQ(cli::framesProgressText(1, 40, 0.25), "frame 1 of 40, 4.00 frames/s, 10 s left");
  EXPECT_EQ(cli::framesProgressText(3, 4, 3.0), "frame 3 of 4, 1.00 frames/s, 1 s left");
  EXPECT_EQ(cli::framesProgressText(5, 10, 0.0), "frame 5 of 10") << "no rate before any time has passed";
}

}  // namespace
}  // namespace kc
