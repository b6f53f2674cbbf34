// Must-fail: `kernelcam kernel new|check` on kernels and files it cannot take (errors in the kernel,
// bad or unreadable files, usage errors): diagnostics at the kernel's own lines, or one clear line,
// and exit 2. The template round trip is in tests/app/cli/cli_kernel_test.cpp.
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

TEST(CliKernel, DiagnosticsAtTheKernelsLines) {
  if (!kHaveNvrtc) GTEST_SKIP() << "this build has no CUDA (NVRTC)";
  kc::test::TempDir dir;
  const std::string path = dir.file("broken.cu");
  kc::test::writeBytes(path, "int a = oops;\n" + kGoodKernel + "int b = last_line;");
  const auto run = runKernelcam({"kernel", "check", q(path)});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.err, path + ":1:9: error: identifier \"oops\" is undefined\n" + path +
                         ":6:9: error: identifier \"last_line\" is undefined\n");
  EXPECT_EQ(run.out, "");
}

TEST(CliKernel, BadFilesGetOneLineAndExit2) {
  kc::test::TempDir dir;
  struct Case {
    std::string name, bytes, expected;
  };
  const std::vector<Case> cases{
      {"empty.cu", "", ": the file is empty"},
      {"binary.cu",
       std::string("\x7f"
                   "ELF\x02\x01\x01\0\0\0",
                   10),
       ": not a text file (byte 0x02 at offset 4)"},
      {"huge.cu", std::string((1 << 20) + 1, '\n'), ": too large for a kernel source (1048577 bytes"},
      {"nokernel.cu", "__device__ int f() { return 1; }\n", ": error: no kernel: the file has no __global__ function"},
      {"signature.cu", "__global__ void k(int* p) {}\n", ":1:17: error: kernel 'k' does not have the lab's signature"},
      {"two.cu", kGoodKernel + "__global__ void k2(KcInput in, KcOutput out, KcParams params) {}\n",
       ":5:17: error: two candidate entries, 'k' (line 1) and 'k2'"},
      {"badparam.cu", "// @param r int 1..15 = 99\n" + kGoodKernel,
       ":1:25: error: @param r: default 99 is outside 1..15"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string path = dir.file(c.name);
    kc::test::writeBytes(path, c.bytes);
    const auto run = runKernelcam({"kernel", "check", q(path)});
    if (!kHaveNvrtc) {
      EXPECT_EQ(run.exitCode, 3) << run.err;
      continue;
    }
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_EQ(lineCount(run.err), 1) << run.err;
    EXPECT_NE(run.err.find(path + c.expected), std::string::npos) << run.err;
  }
  if (!kHaveNvrtc) return;
  const auto missing = runKernelcam({"kernel", "check", q(dir.file("missing.cu"))});
  EXPECT_EQ(missing.exitCode, 2);
  EXPECT_EQ(missing.err, "kernelcam: " + dir.file("missing.cu") + ": no such file\n");
  const auto folder = runKernelcam({"kernel", "check", q(dir.path().string())});
  EXPECT_EQ(folder.exitCode, 2);
  EXPECT_EQ(folder.err, "kernelcam: " + dir.path().string() + ": is a directory, not a kernel source file\n");
}

// As root (CI) kernelcam runs as nobody: root reads every file.
TEST(CliKernel, UnreadableFile) {
  if (!kHaveNvrtc) GTEST_SKIP() << "this build has no CUDA (NVRTC)";
  kc::test::TempDir dir;
  const std::string path = dir.file("locked.cu");
  kc::test::writeBytes(path, kGoodKernel);
  fs::permissions(path, fs::perms::none);
  const auto run = kc::test::runKernelcamUnprivileged({"kernel", "check", q(path)});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.err, "kernelcam: " + path + ": cannot be read (Permission denied)\n");
}

TEST(CliKernel, UsageErrors) {
  const QStringList bad[] = {{"kernel"},        {"kernel", "frob"},          {"kernel", "check"},
                             {"kernel", "new"}, {"kernel", "new", "a", "b"}, {"kernel", "check", "a.cu", "--bogus"}};
  for (const QStringList& arguments : bad) {
    SCOPED_TRACE(arguments.join(' ').toStdString());
    const auto run = runKernelcam(arguments);
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_EQ(lineCount(run.err), 1) << run.err;
  }
  if (!kHaveNvrtc) return;
  kc::test::TempDir dir;
  const std::string path = dir.file("k.cu");
  kc::test::writeBytes(path, kGoodKernel);
  const auto arch = runKernelcam({"kernel", "check", q(path), "--arch", "sm_20"});
  EXPECT_EQ(arch.exitCode, 2);
  EXPECT_NE(arch.err.find("--arch 'sm_20': NVRTC"), std::string::npos) << arch.err;
  const auto help = runKernelcam({"kernel", "--help"});
  EXPECT_EQ(help.exitCode, 0);
  EXPECT_NE(help.out.find("kernelcam kernel check PATH"), std::string::npos);
}

}  // namespace

namespace {

// The compiler process starts on a thread of its own beside the device query; a compile that
// throws (here: no compiler to be found) must end the check with its one line, not abort the
// program through a thread left unjoined.
TEST(CliKernel, AMissingCompilerIsOneLineNotAnAbort) {
  if (!kHaveNvrtc) GTEST_SKIP() << "this build has no CUDA (NVRTC)";
  kc::test::TempDir dir;
  const std::string path = dir.file("good.cu");
  kc::test::writeBytes(path, kc::lab::kernelTemplate());
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("KC_LAB_COMPILER"), q(dir.file("no-such-compiler")));
  const auto run = runKernelcam({"kernel", "check", q(path)}, 120000, environment);
  EXPECT_EQ(run.exitCode, 1) << run.err;
  EXPECT_NE(run.err.find("kernel check: "), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("no-such-compiler"), std::string::npos) << run.err;
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
}

}  // namespace
