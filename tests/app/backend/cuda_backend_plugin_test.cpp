// The CUDA backend as a library kernelcam loads on first use (gpu/plugin/cuda_backend_loader.hpp):
// kernelcam links no CUDA library, `--help` starts small, a missing backend means the CPU with a
// one-line reason, and the library loads with every symbol it needs found in the program.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <QFile>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <algorithm>
#include <sstream>
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

TEST(CudaBackendPlugin, KernelcamLinksNoCudaLibrary) {
  const QString readelf = QStandardPaths::findExecutable(QStringLiteral("readelf"));
  if (readelf.isEmpty()) GTEST_SKIP() << "no readelf (binutils) to read the binary's NEEDED entries";
  const CliRun dynamic = test::runProgram(readelf, {QStringLiteral("-d"), QStringLiteral(KC_KERNELCAM_BINARY)});
  ASSERT_EQ(dynamic.exitCode, 0) << dynamic.err;
  ASSERT_NE(dynamic.out.find("(NEEDED)"), std::string::npos) << dynamic.out;
  for (const char* library : {"libcublas", "libcusparse", "libnvrtc", "libcudart", "libnpp", "libcuda.so"})
    EXPECT_EQ(dynamic.out.find(library), std::string::npos) << "kernelcam needs " << library << ":\n" << dynamic.out;
}

// The peak resident memory of `kernelcam ARGS` (ru_maxrss of the child alone), in MiB.
double peakMiBOf(const std::vector<std::string>& arguments) {
  std::vector<char*> argv{const_cast<char*>(KC_KERNELCAM_BINARY)};
  for (const std::string& argument : arguments) argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  pid_t child = 0;
  const int spawned = posix_spawn(&child, KC_KERNELCAM_BINARY, &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return -1;
  int status = 0;
  rusage usage{};
  if (wait4(child, &status, 0, &usage) != child || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // KiB on Linux
}

// Before the backend was a library, `kernelcam --help` loaded cuBLAS and peaked at 337-371 MB.
TEST(CudaBackendPlugin, HelpStartsUnder150MiB) {
  const double peak = peakMiBOf({"--help"});
  ASSERT_GT(peak, 0) << "kernelcam --help failed";
  EXPECT_LT(peak, 150.0) << "kernelcam --help peaked at " << peak << " MiB";
}

#ifdef KC_HAVE_CUDA
// RTLD_NOW: a symbol of gpu/'s plain C++ half that the program does not export fails the load here.
TEST(CudaBackendPlugin, TheBuildsLibraryLoadsWithEverySymbolFound) {
  ASSERT_NE(cudaBackend(), nullptr) << cudaBackendLoadError();
  EXPECT_EQ(cudaBackendLoadError(), "");
  EXPECT_NE(cudaBackendPath().find("libkernelcam-cuda.so"), std::string::npos) << cudaBackendPath();
  EXPECT_FALSE(cudaKernelCompiler()->nvrtcVersion().empty());
  const CliRun devices = runKernelcam({"devices"});
  EXPECT_EQ(devices.exitCode, 0) << devices.err;
  EXPECT_NE(devices.out.find("CUDA backend: " + cudaBackendPath()), std::string::npos) << devices.out;
}

// The library's calls to its own functions are bound inside it (-Bsymbolic-functions): none goes
// through a PLT slot that the first library in the process to export the same name would fill.
// On the GPU machine a stand-in library's do-nothing std::vector<double>::_M_realloc_insert took
// the pipeline's calls that way, and kernelcam crashed as the CUDA pipeline started.
TEST(CudaBackendPlugin, ItsCallsToItsOwnFunctionsStayInside) {
  const QString readelf = QStandardPaths::findExecutable(QStringLiteral("readelf"));
  if (readelf.isEmpty()) GTEST_SKIP() << "no readelf (binutils) to read the library's relocations";
  ASSERT_NE(cudaBackend(), nullptr) << cudaBackendLoadError();
  const QString library = QString::fromStdString(cudaBackendPath());
  const CliRun symbols = test::runProgram(readelf, {QStringLiteral("-W"), QStringLiteral("--dyn-syms"), library});
  const CliRun relocations = test::runProgram(readelf, {QStringLiteral("-W"), QStringLiteral("-r"), library});
  ASSERT_EQ(symbols.exitCode, 0) << symbols.err;
  ASSERT_EQ(relocations.exitCode, 0) << relocations.err;
  std::vector<std::string> defined;  // functions the library defines: "FUNC ... DEFAULT <section index> name"
  std::istringstream symbolLines(symbols.out);
  for (std::string line; std::getline(symbolLines, line);) {
    std::istringstream fields(line);
    std::string number, value, size, type, bind, visibility, section, name;
    if (!(fields >> number >> value >> size >> type >> bind >> visibility >> section >> name)) continue;
    if (type == "FUNC" && section != "UND") defined.push_back(name.substr(0, name.find('@')));
  }
  ASSERT_GT(defined.size(), 100u) << symbols.out.substr(0, 2000);
  std::sort(defined.begin(), defined.end());
  int pltSlots = 0;
  std::istringstream relocationLines(relocations.out);
  for (std::string line; std::getline(relocationLines, line);) {
    if (line.find("R_X86_64_JUMP_SLOT") == std::string::npos) continue;
    ++pltSlots;
    std::istringstream fields(line);
    std::string offset, info, type, value, name;
    if (!(fields >> offset >> info >> type >> value >> name)) continue;
    name = name.substr(0, name.find('@'));
    EXPECT_FALSE(std::binary_search(defined.begin(), defined.end(), name))
        << name << ": the library defines it, yet calls it through a PLT slot another library may fill";
  }
  EXPECT_GT(pltSlots, 0) << "no PLT slot at all: this test reads nothing";
}
#endif

}  // namespace
}  // namespace kc
