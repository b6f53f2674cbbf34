// Must-fail: the CUDA backend library missing, or of another version: the CPU runs and says why, and
// a library of another version is refused by its name. The library that loads is in
// tests/app/backend/cuda_backend_plugin_test.cpp.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <QFile>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <algorithm>
#include <string>
#include <vector>

#include "gpu/plugin/cuda_backend_loader.hpp"
#include "app/backend/pipeline_factory.hpp"
#include "tests/support/cli_run.hpp"

extern char** environ;

namespace kc {
namespace {

using test::CliRun;
using test::runKernelcam;

QProcessEnvironment withoutTheBackend() {
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("KC_CUDA_BACKEND"), QStringLiteral("/nonexistent/libkernelcam-cuda.so"));
  return environment;
}

TEST(CudaBackendPlugin, WithoutTheLibraryTheCpuRunsAndSaysWhy) {
  const QProcessEnvironment none = withoutTheBackend();
  const CliRun autoRun =
      runKernelcam({"process", "--source", "pattern", "--size", "64x48", "--frames", "2", "--json", "-"}, 60000, none);
  EXPECT_EQ(autoRun.exitCode, 0) << autoRun.err;
  EXPECT_NE(autoRun.out.find("\"backend\": \"cpu\""), std::string::npos) << autoRun.out;

  const CliRun cudaRun = runKernelcam(
      {"process", "--source", "pattern", "--size", "64x48", "--frames", "2", "--json", "-", "--backend", "cuda"}, 60000, none);
  EXPECT_EQ(cudaRun.exitCode, 3) << cudaRun.err;
  EXPECT_EQ(cudaRun.err, "kernelcam: --backend cuda: the CUDA backend is not installed (no libkernelcam-cuda.so; "
                         "install the kernelcam-cuda package)\n");

  const CliRun devices = runKernelcam({"devices"}, 60000, none);
  EXPECT_EQ(devices.exitCode, 0) << devices.err;
  EXPECT_NE(devices.out.find("CUDA: no CUDA device (the CUDA backend is not installed"), std::string::npos)
      << devices.out;
}

#ifdef KC_HAVE_CUDA
TEST(CudaBackendPlugin, AnotherVersionsLibraryIsRefusedByName) {
  // The program itself exports no kc_cuda_backend: a library without the entry reads as another version.
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  const QString notABackend = QStringLiteral("/lib/x86_64-linux-gnu/libz.so.1");
  if (!QFile::exists(notABackend)) GTEST_SKIP() << "no " << notABackend.toStdString() << " to stand in";
  environment.insert(QStringLiteral("KC_CUDA_BACKEND"), notABackend);
  const CliRun run = runKernelcam({"devices"}, 60000, environment);
  EXPECT_EQ(run.exitCode, 0) << run.err;
  EXPECT_NE(run.out.find("belongs to another kernelcam version"), std::string::npos) << run.out;
}
#endif

}  // namespace
}  // namespace kc
