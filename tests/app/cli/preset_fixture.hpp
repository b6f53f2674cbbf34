// The helpers shared by tests/app/cli/cli_preset_test.cpp and its must-fail tests
// (tests/error/app/cli/cli_preset_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"

namespace kc::test {

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

}  // namespace kc::test
