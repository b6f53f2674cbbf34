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

  run = process(
      {QStringLiteral("--preset"), QStringLiteral("grey 709"), QStringLiteral("--filters"), QStringLiteral("gray")});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("--preset 'grey 709' and --filters: give one of them"), std::string::npos) << run.err;

  // The window reads the same option the same way (and stops at it, before any window opens).
  run = test::runKernelcam({QStringLiteral("--preset"), QStringLiteral("nothing")}, 60000, environment_);
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("--preset 'nothing': no preset of that name"), std::string::npos) << run.err;
}

// Issue 40, class 3: a preset keeps every stage the window's list holds, with the ones switched
// off under presetsOff/NAME; process runs the ones that are on, and one that is off is not even
// parsed (a stage this build does not know, kept from another version).
TEST_F(CliPreset, AStageThePresetHasOffIsNotRun) {
  {
    QSettings settings(QString::fromStdString(dir_.file("config/kernelcam/kernelcam.conf")), QSettings::IniFormat);
    settings.setValue(QStringLiteral("presets/with off"), QStringLiteral("gray=bt709,sharpen=2,flip=h,hist=64"));
    settings.setValue(QStringLiteral("presetsOff/with off"), QStringLiteral("1,2"));
    settings.sync();
  }
  const QString json = QString::fromStdString(dir_.file("run.json"));
  const test::CliRun run =
      process({QStringLiteral("--preset"), QStringLiteral("with off"), QStringLiteral("--json"), json});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  QFile file(json);
  ASSERT_TRUE(file.open(QIODevice::ReadOnly));
  EXPECT_EQ(QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("filters")).toString(),
            QStringLiteral("gray=bt709,hist=64"));
}

}  // namespace
}  // namespace kc
