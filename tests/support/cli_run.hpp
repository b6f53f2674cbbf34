#pragma once
// Runs the built kernelcam binary as a user would (KC_KERNELCAM_BINARY) and collects its exit
// code and output, for the CLI tests.
#include <gtest/gtest.h>

#include <QProcess>
#include <QStandardPaths>
#include <QStringList>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <unistd.h>

namespace kc::test {

struct CliRun {
  int exitCode = -1;  // -2: crashed
  std::string out, err;
};

// Any program (a shell, unshare) with its exit code and output; `workingDirectory` empty: ours;
// `environment`: the child's (default: this process's).
inline CliRun runProgram(const QString& program, const QStringList& arguments, int timeoutMs = 120000,
                         const QString& workingDirectory = {},
                         const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment()) {
  QProcess process;
  process.setProcessEnvironment(environment);
  process.setProgram(program);
  process.setArguments(arguments);
  if (!workingDirectory.isEmpty()) process.setWorkingDirectory(workingDirectory);
  process.start();
  CliRun run;
  if (!process.waitForFinished(timeoutMs)) {
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

// One of kernelcam's commands (cli::runDemo, cli::runExercise, ...) run in this process, where a
// test's throw-away records are registered: its exit code and output.
inline CliRun runInProcess(const std::function<int(const QStringList&)>& command, const QStringList& arguments) {
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  CliRun run;
  run.exitCode = command(arguments);
  std::fflush(stdout);
  std::fflush(stderr);
  run.out = testing::internal::GetCapturedStdout();
  run.err = testing::internal::GetCapturedStderr();
  return run;
}

inline CliRun runKernelcam(const QStringList& arguments, int timeoutMs = 120000,
                           const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment()) {
  return runProgram(QStringLiteral(KC_KERNELCAM_BINARY), arguments, timeoutMs, {}, environment);
}

// The kernelcam binary as the unprivileged user nobody where this runs as root (CI), so that
// permissions apply (tests/support/unprivileged.hpp); as this user otherwise.
inline CliRun runKernelcamUnprivileged(const QStringList& arguments) {
  if (::geteuid() != 0) return runKernelcam(arguments);
  return runProgram(QStringLiteral("setpriv"), QStringList{"--reuid=65534", "--regid=65534", "--clear-groups", "--",
                                                           QStringLiteral(KC_KERNELCAM_BINARY)} +
                                                   arguments);
}

// script(1) runs kernelcam on a pseudo-terminal (stdout and stderr both the terminal) and copies
// what it prints into `out`; arguments are joined with spaces (no quoting: keep them plain).
inline bool canRunOnATerminal() { return !QStandardPaths::findExecutable(QStringLiteral("script")).isEmpty(); }
inline CliRun runOnATerminal(const QStringList& arguments, int timeoutMs = 120000) {
  QString command = QStringLiteral(KC_KERNELCAM_BINARY);
  for (const QString& argument : arguments) command += QLatin1Char(' ') + argument;
  return runProgram(QStringLiteral("script"), {QStringLiteral("-qec"), command, QStringLiteral("/dev/null")},
                    timeoutMs);
}

// A per-process file name in the system temp folder (CTest may run tests in parallel).
inline std::string cliTempPath(const std::string& name) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "kc_cli_test";
  std::filesystem::create_directories(dir);
  return (dir / (std::to_string(::getpid()) + "_" + name)).string();
}
inline std::string tempPath(const std::string& name) { return cliTempPath(name); }

// `--backend cuda`: works where a CUDA device is usable (the GPU machine), else exit 3 naming it.
inline void expectCudaBackendOutcome(const CliRun& run, bool cudaAvailable) {
  if (cudaAvailable) {
    EXPECT_EQ(run.exitCode, 0) << run.err;
  } else {
    EXPECT_EQ(run.exitCode, 3) << run.err;
    EXPECT_NE(run.err.find("--backend cuda"), std::string::npos) << run.err;
  }
}

// The small helpers every CLI test wants: a path as a QString argument, the lines of an output,
// a file's bytes ("" when it cannot be read).
inline QString q(const std::string& s) { return QString::fromStdString(s); }
inline long lines(const std::string& text) { return std::count(text.begin(), text.end(), '\n'); }
inline std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace kc::test
