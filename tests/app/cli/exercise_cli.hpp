// The helpers shared by tests/app/cli/cli_exercise_test.cpp and its must-fail tests
// (tests/error/app/cli/cli_exercise_test.cpp): kernelcam run with its own data folder (the progress
// file), and whether this machine can run the exercises' kernels.
#pragma once

#include <QProcessEnvironment>

#include "gpu/plugin/cuda_backend_loader.hpp"
#include "tests/app/cli/kernel_files.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"

namespace kc::test {

inline CliRun runExercise(const TempDir& home, const QStringList& arguments) {
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("XDG_DATA_HOME"), QString::fromStdString(home.file("data")));
  return runKernelcam(QStringList{QStringLiteral("exercise")} + arguments, 120000, environment);
}

inline bool exerciseDeviceHere() {
  kc::DeviceBackend* devices = kc::cudaDevices();
  return devices && devices->deviceCountOrZero() > 0;
}

}  // namespace kc::test
