// `kernelcam kernel new|check` as a user runs them: the template round trip, diagnostics at the
// kernel's own lines, and one clear line with exit 2 for every kind of bad file. In a build
// without CUDA, `check` says it needs NVRTC and exits 3.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/support/cli_run.hpp"
#include "gpu/lab/kernel_template.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/app/cli/kernel_files.hpp"

namespace fs = std::filesystem;

namespace {

using namespace kc::test;

TEST(CliKernel, NewWritesTheTemplateAndNeverReplacesAFile) {
  kc::test::TempDir dir;
  const std::string path = dir.file("mine.cu");
  const auto first = runKernelcam({"kernel", "new", q(path)});
  ASSERT_EQ(first.exitCode, 0) << first.err;
  EXPECT_EQ(readAll(path), kc::lab::kernelTemplate());
  EXPECT_NE(first.out.find("kernelcam kernel check " + path), std::string::npos) << first.out;

  kc::test::writeBytes(path, "// my work\n");
  const auto second = runKernelcam({"kernel", "new", q(path)});
  EXPECT_EQ(second.exitCode, 2);
  EXPECT_EQ(second.err, "kernelcam: kernel new: '" + path + "' exists; not replaced (choose another name)\n");
  EXPECT_EQ(readAll(path), "// my work\n");

  const auto nowhere = runKernelcam({"kernel", "new", q(dir.file("no/such/folder/k.cu"))});
  EXPECT_EQ(nowhere.exitCode, 2);
  EXPECT_EQ(lineCount(nowhere.err), 1) << nowhere.err;
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1) << "no temporaries left";
}

TEST(CliKernel, CheckTheTemplate) {
  kc::test::TempDir dir;
  const std::string path = dir.file("template.cu");
  kc::test::writeBytes(path, kc::lab::kernelTemplate());
  const auto run = runKernelcam({"kernel", "check", q(path), "--timings"});
  if (!kHaveNvrtc) {
    EXPECT_EQ(run.exitCode, 3);
    EXPECT_NE(run.err.find("kernel check needs NVRTC from the CUDA toolkit"), std::string::npos) << run.err;
    return;
  }
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_NE(run.out.find(path + ": ok: kernel 'posterize' for sm_"), std::string::npos) << run.out;
  for (const char* line : {"registers ", "shared memory ", "local memory ", "spills ", "occupancy ", "timings: check "})
    EXPECT_NE(run.out.find(line), std::string::npos) << line << " in\n" << run.out;
  EXPECT_NE(run.out.find("parameters     levels int 2..32 = 6; mix float 0..1 = 1"), std::string::npos) << run.out;
}

// Issue 22's `kernel check` without CUDA's start-up: where the NVIDIA driver describes itself
// (/proc/driver/nvidia), the first check asks the driver for the device and keeps its limits
// (device_limits_cache.hpp); the second compiles for the kept architecture and prints the same
// occupancy, its timings saying the device came from the cache. Without the driver nothing is kept.
TEST(CliKernel, ASecondCheckTakesTheDeviceFromTheCache) {
  if (!kHaveNvrtc) GTEST_SKIP() << "a build without CUDA: kernel check exits 3 (CheckTheTemplate)";
  kc::test::TempDir dir;
  const std::string path = dir.file("template.cu");
  kc::test::writeBytes(path, kc::lab::kernelTemplate());
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("XDG_CACHE_HOME"), QString::fromStdString(dir.file("cache")));
  const auto first = runKernelcam({"kernel", "check", q(path), "--timings"}, 120000, environment);
  const auto second = runKernelcam({"kernel", "check", q(path), "--timings"}, 120000, environment);
  ASSERT_EQ(first.exitCode, 0) << first.err;
  ASSERT_EQ(second.exitCode, 0) << second.err;
  const auto occupancyLine = [](const std::string& out) {
    const std::size_t at = out.find("  occupancy");
    return at == std::string::npos ? std::string() : out.substr(at, out.find('\n', at) - at);
  };
  EXPECT_EQ(occupancyLine(first.out), occupancyLine(second.out));
  const bool driver = fs::exists("/proc/driver/nvidia/version");
  EXPECT_EQ(fs::exists(dir.file("cache/kernelcam/cuda-device-0")), driver);
  EXPECT_EQ(first.out.find("kept from an earlier check"), std::string::npos) << first.out;
  EXPECT_EQ(second.out.find("kept from an earlier check") != std::string::npos, driver) << second.out;
}

TEST(CliKernel, CheckPrintsPtxOnRequest) {
  if (!kHaveNvrtc) GTEST_SKIP() << "this build has no CUDA (NVRTC)";
  kc::test::TempDir dir;
  const std::string path = dir.file("k.cu");
  kc::test::writeBytes(path, kGoodKernel);
  const auto run = runKernelcam({"kernel", "check", q(path), "--ptx", "--arch", "sm_80"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_NE(run.out.find("for sm_80"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(".target sm_80"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(".entry "), std::string::npos) << run.out;
}

}  // namespace
