// Must-fail: --measure with a duration it cannot take: one line and exit 2. The measurement is in
// tests/app/gui/window_measure_test.cpp.
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

TEST(WindowMeasure, ABadDurationIsOneLineAndExitTwo) {
  for (const char* seconds : {"0", "-1", "abc", "1e9"}) {
    const test::CliRun run = test::runKernelcam({"--measure", seconds, "--source", "pattern"});
    EXPECT_EQ(run.exitCode, 2) << seconds;
    EXPECT_NE(run.err.find("--measure"), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << "one line: " << run.err;
  }
}

// Issue 40, class 8: --measure was silent. A source that does not exist measured the pattern the
// window stood in for it and exited 0; a still image or a tiny duration exited 1 with no message.
// Now: a source the window cannot show is one line and exit 2, nothing measured; a still image is
// replayed like any frame and measured; no frame in the time measured is one line and exit 1.
TEST(WindowMeasure, ASourceThatCannotBeShownOrNoFrameMeasuredIsOneLine) {
  if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
  test::TempDir config;
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("XDG_CONFIG_HOME"), QString::fromStdString(config.path().string()));
  const auto measure = [&](const QString& seconds, const QString& source) {
    return test::runKernelcam({"--measure", seconds, "--backend", "cpu", "--source", source, "--size", "160x120"},
                              120000, environment);
  };

  const test::CliRun missing = measure("1", QStringLiteral("image:") + QString::fromStdString(config.file("none.png")));
  EXPECT_EQ(missing.exitCode, 2) << missing.err;
  EXPECT_TRUE(missing.out.empty()) << "no figures: " << missing.out;
  EXPECT_NE(missing.err.find("kernelcam: --measure: Cannot open none.png"), std::string::npos) << missing.err;
  EXPECT_NE(missing.err.find("no such file"), std::string::npos) << missing.err;
  EXPECT_EQ(std::count(missing.err.begin(), missing.err.end(), '\n'), 1) << missing.err;

  const test::CliRun still = measure("1", QStringLiteral("image:" KC_TEST_FIXTURES_DIR "/images/grey_alpha_4x3.png"));
  ASSERT_EQ(still.exitCode, 0) << still.err;
  const QJsonObject figures = QJsonDocument::fromJson(QByteArray::fromStdString(still.out)).object();
  EXPECT_GT(figures["frames"].toInt(), 0) << still.out;
  EXPECT_EQ(figures["frame_width"].toInt(), 4);

  const test::CliRun tiny = measure("0.000001", QStringLiteral("pattern"));
  if (tiny.exitCode == 0) {
    EXPECT_GT(QJsonDocument::fromJson(QByteArray::fromStdString(tiny.out)).object()["frames"].toInt(), 0) << tiny.out;
  } else {
    EXPECT_EQ(tiny.exitCode, 1) << tiny.err;
    EXPECT_NE(tiny.err.find("kernelcam: --measure: no frame reached the screen in the 1e-06 s measured"),
              std::string::npos)
        << "never silent: " << tiny.err;
    EXPECT_TRUE(tiny.out.empty()) << tiny.out;
  }
}

}  // namespace
}  // namespace kc
