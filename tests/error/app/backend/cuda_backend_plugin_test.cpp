// Must-fail: the CUDA backend library missing, or of another version: the CPU runs and says why, and
// a library of another version is refused by its name. The library that loads is in
// tests/app/backend/cuda_backend_plugin_test.cpp.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <QFile>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "gpu/plugin/cuda_backend_loader.hpp"
#include "app/backend/pipeline_factory.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"

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
      {"process", "--source", "pattern", "--size", "64x48", "--frames", "2", "--json", "-", "--backend", "cuda"}, 60000,
      none);
  EXPECT_EQ(cudaRun.exitCode, 3) << cudaRun.err;
  EXPECT_EQ(cudaRun.err,
            "kernelcam: --backend cuda: the CUDA backend is not installed (no libkernelcam-cuda.so; "
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

// Issue 40, class 5: KC_CUDA_BACKEND naming a FIFO hung every command and the window (dlopen
// opened it and waited for a writer); a bare file name that exists in the current folder was
// reported as "No such file" (dlopen looks a name without a '/' up on the library path). A FIFO, a
// folder or an empty file is now refused before dlopen, in the input check's words, and the CPU
// runs; a bare name is the file in the current folder.
TEST(CudaBackendPlugin, ABackendPathThatIsNoLibraryFileIsRefusedBeforeItIsOpened) {
  test::TempDir dir;
  const std::string fifo = dir.file("backend.fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string empty = dir.file("empty.so");
  test::writeBytes(empty, "");
  struct Case {
    std::string path, reason;
  };
  for (const Case& c :
       {Case{fifo, "is a FIFO (named pipe), not a regular file"},
        Case{dir.path().string(), "is a directory, not a file"}, Case{empty, "the file is empty (0 bytes)"}}) {
    SCOPED_TRACE(c.path);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("KC_CUDA_BACKEND"), QString::fromStdString(c.path));
    const CliRun devices = runKernelcam({"devices"}, 20000, environment);
    ASSERT_NE(devices.err, "timed out") << "dlopen blocked on it";
    EXPECT_EQ(devices.exitCode, 0) << devices.err;
    EXPECT_NE(devices.out.find("KC_CUDA_BACKEND '" + c.path + "': " + c.reason), std::string::npos) << devices.out;
    const CliRun cuda = runKernelcam(
        {"process", "--source", "pattern", "--size", "64x48", "--frames", "1", "--backend", "cuda", "--json", "-"},
        20000, environment);
    EXPECT_EQ(cuda.exitCode, 3) << cuda.err;
    EXPECT_NE(cuda.err.find(c.reason), std::string::npos) << cuda.err;
  }
}

#ifdef KC_HAVE_CUDA
TEST(CudaBackendPlugin, ABareFileNameIsTheFileInTheCurrentFolder) {
  const QString standIn = QStringLiteral("/lib/x86_64-linux-gnu/libz.so.1");  // any library: not a backend
  if (!QFile::exists(standIn)) GTEST_SKIP() << "no " << standIn.toStdString() << " to stand in";
  test::TempDir dir;
  std::filesystem::create_symlink(standIn.toStdString(), dir.file("libstand-in.so"));
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("KC_CUDA_BACKEND"), QStringLiteral("libstand-in.so"));
  const CliRun run = test::runProgram(QStringLiteral(KC_KERNELCAM_BINARY), {"devices"}, 20000,
                                      QString::fromStdString(dir.path().string()), environment);
  EXPECT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(run.out.find("No such file"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(dir.file("libstand-in.so") + " belongs to another kernelcam version"), std::string::npos)
      << "the file here was opened: " << run.out;
}
#endif

}  // namespace
}  // namespace kc
