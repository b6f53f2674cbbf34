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

}  // namespace
}  // namespace kc
