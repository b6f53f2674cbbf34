#pragma once
// Runs the built `kernelcam` binary as a user would (QProcess), and temporary paths for its files.
#include <gtest/gtest.h>

#include <QProcess>
#include <QStringList>
#include <filesystem>
#include <string>

namespace kc::test {

struct CliRun {
  int exitCode = -1;
  std::string out, err;
};

inline CliRun runKernelcam(const QStringList& arguments) {
  QProcess process;
  process.setProgram(QStringLiteral(KC_KERNELCAM_BINARY));
  process.setArguments(arguments);
  process.start();
  CliRun run;
  if (!process.waitForFinished(120000)) {
    process.kill();
    process.waitForFinished();
    run.err = "timed out";
    return run;
  }
  run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
  run.out = process.readAllStandardOutput().toStdString();
  run.err = process.readAllStandardError().toStdString();
  return run;
}

inline std::string tempPath(const std::string& name) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "kc_cli_test";
  std::filesystem::create_directories(dir);
  return (dir / (std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" + name)).string();
}

}  // namespace kc::test
