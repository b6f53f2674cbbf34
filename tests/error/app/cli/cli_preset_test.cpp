// Must-fail: --preset NAME that names no saved chain, or --preset with --filters: one line and exit 2.
// Running a saved chain is in tests/app/cli/cli_preset_test.cpp.
#include <gtest/gtest.h>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/app/cli/preset_fixture.hpp"

namespace kc {
namespace {

using namespace kc::test;

TEST_F(CliPreset, AnUnknownPresetOrOneWithFiltersIsOneLine) {
  test::CliRun run = process({QStringLiteral("--preset"), QStringLiteral("grey")});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("--preset 'grey': no preset of that name (saved: grey 709)"), std::string::npos) << run.err;
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;

  run = process({QStringLiteral("--preset"), QStringLiteral("grey 709"), QStringLiteral("--filters"), QStringLiteral("gray")});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("--preset 'grey 709' and --filters: give one of them"), std::string::npos) << run.err;

  // The window reads the same option the same way (and stops at it, before any window opens).
  run = test::runKernelcam({QStringLiteral("--preset"), QStringLiteral("nothing")}, 60000, environment_);
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("--preset 'nothing': no preset of that name"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace kc
