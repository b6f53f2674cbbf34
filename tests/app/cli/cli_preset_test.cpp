// --preset NAME runs a chain the window saved (Filters > Save chain as preset), in `process` and the
// window alike; an unknown name, or --preset with --filters, is one line and exit 2.
#include <gtest/gtest.h>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"

namespace kc {
namespace {

class CliPreset : public ::testing::Test {
 protected:
  void SetUp() override {
    // The window's settings file under a config folder of the test's own (XDG_CONFIG_HOME).
    QSettings settings(QString::fromStdString(dir_.file("config/kernelcam/kernelcam.conf")), QSettings::IniFormat);
    settings.setValue(QStringLiteral("presets/grey 709"), QStringLiteral("gray=bt709,hist=64"));
    settings.sync();
    environment_.insert(QStringLiteral("XDG_CONFIG_HOME"), QString::fromStdString(dir_.file("config")));
  }
  test::CliRun process(QStringList arguments) {
    arguments.prepend(QStringLiteral("process"));
    arguments << QStringLiteral("--source") << QStringLiteral("pattern") << QStringLiteral("--frames")
              << QStringLiteral("2") << QStringLiteral("--backend") << QStringLiteral("cpu");
    return test::runKernelcam(arguments, 120000, environment_);
  }
  test::TempDir dir_;
  QProcessEnvironment environment_ = QProcessEnvironment::systemEnvironment();
};

TEST_F(CliPreset, ProcessRunsTheSavedChain) {
  const QString json = QString::fromStdString(dir_.file("run.json"));
  const test::CliRun run = process({QStringLiteral("--preset"), QStringLiteral("grey 709"), QStringLiteral("--json"), json});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  QFile file(json);
  ASSERT_TRUE(file.open(QIODevice::ReadOnly));
  EXPECT_EQ(QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("filters")).toString(),
            QStringLiteral("gray=bt709,hist=64"));
}

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
