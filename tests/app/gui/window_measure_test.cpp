// `kernelcam --measure SECONDS`: the window's own figures (frames on screen per second, CPU ms per
// frame, latency from the source stamp to the swap) as one JSON line, then the window quits. Runs the
// real binary under the test's X server (xvfb-run), CPU backend, settings in a fresh folder.
#include <gtest/gtest.h>

#include <algorithm>

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcessEnvironment>

#include "tests/support/cli_run.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/temp_dir.hpp"

namespace kc {
namespace {

TEST(WindowMeasure, PrintsTheWindowsFiguresAsJsonAndQuits) {
  if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
  test::TempDir config;
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("XDG_CONFIG_HOME"), QString::fromStdString(config.path().string()));
  const test::CliRun run = test::runKernelcam(
      {"--measure", "1", "--backend", "cpu", "--source", "pattern", "--size", "320x240"}, 120000, environment);
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const QJsonObject figures = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).object();
  ASSERT_FALSE(figures.isEmpty()) << "one JSON object on stdout: " << run.out;
  EXPECT_EQ(figures["display_path"].toString(), QStringLiteral("CPU"));
  EXPECT_EQ(figures["frame_width"].toInt(), 320);
  EXPECT_EQ(figures["frame_height"].toInt(), 240);
  EXPECT_GT(figures["frames"].toInt(), 5) << "the replayed pattern runs unpaced: more than a few frames in a second";
  EXPECT_NEAR(figures["seconds"].toDouble(), 1.0, 0.5);
  EXPECT_NEAR(figures["fps"].toDouble(), figures["frames"].toInt() / figures["seconds"].toDouble(), 1e-6);
  EXPECT_GT(figures["cpu_ms_per_frame"].toDouble(), 0);
  const double p50 = figures["latency_ms_p50"].toDouble(), p95 = figures["latency_ms_p95"].toDouble();
  EXPECT_GT(p50, 0) << "every frame is stamped at its source";
  EXPECT_LT(p50, 2000);
  EXPECT_GE(p95, p50);
}

}  // namespace
}  // namespace kc
