// `process --filters kernel=PATH[:NAME=VALUE]...` as a user runs it: without a usable CUDA device
// (or with --backend cpu) exit 3 and "the kernel stage needs CUDA"; bad files and values exit 2
// with one line naming them. On a machine with a GPU the chain runs and the kernel is timed.
#include <gtest/gtest.h>

#include <algorithm>

#include "app/backend/pipeline_factory.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using kc::test::lines;
using kc::test::q;
using kc::test::runKernelcam;

const std::string kCopyKernel =
    "// @param gain float 0..2 = 1\n"
    "__global__ void copy(KcInput in, KcOutput out, KcParams params) {\n"
    "  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;\n"
    "  if (x < out.width && y < out.height) out.setRgba(x, y, in.rgba(x, y));\n"
    "}\n";

TEST(CliKernelStage, WithoutCudaExit3NamingTheStage) {
  kc::test::TempDir dir;
  const std::string kernel = dir.file("copy.cu");
  kc::test::writeBytes(kernel, kCopyKernel);
  const std::string out = dir.file("out.png");
  const auto cpu = runKernelcam({"process", "--source", "pattern", "--size", "64x48", "--backend", "cpu", "--filters",
                                 q("gray,kernel=" + kernel + ":gain=0.5"), "--out", q(out)});
  EXPECT_EQ(cpu.exitCode, 3) << cpu.err;
  EXPECT_EQ(cpu.err, "kernelcam: the kernel stage needs CUDA (--backend cpu cannot run it)\n");
  EXPECT_FALSE(std::filesystem::exists(out));

  const auto automatic = runKernelcam({"process", "--source", "pattern", "--size", "64x48", "--filters",
                                       q("kernel=" + kernel), "--out", q(out), "--json", q(dir.file("out.json"))});
  if (kc::cudaBackendAvailable()) {  // the GPU machine: it runs, and the JSON names the stage
    EXPECT_EQ(automatic.exitCode, 0) << automatic.err;
    EXPECT_TRUE(std::filesystem::exists(out));
  } else {
    EXPECT_EQ(automatic.exitCode, 3) << automatic.err;
    EXPECT_EQ(automatic.err.rfind("kernelcam: the kernel stage needs CUDA (", 0), 0u) << automatic.err;
    EXPECT_EQ(lines(automatic.err), 1) << automatic.err;
    EXPECT_FALSE(std::filesystem::exists(out));
  }
}

TEST(CliKernelStage, BadFilesAndValuesExit2WithOneLine) {
  kc::test::TempDir dir;
  const std::string kernel = dir.file("copy.cu");
  kc::test::writeBytes(kernel, kCopyKernel);
  const struct {
    std::string filters, message;
  } cases[] = {
      {"kernel=" + dir.file("missing.cu"), dir.file("missing.cu") + ": no such file"},
      {"kernel=" + kernel + ":gain=3", "kernel parameter gain=3 is outside 0..2"},
      {"kernel=" + kernel + ":level=3", "kernel parameter 'level' is not declared (known: gain)"},
      {"kernel=" + kernel + ":gain", "kernel params 'gain': expected NAME=VALUE"},
      {"kernel", "the kernel stage needs a file"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.filters);
    const auto run = runKernelcam({"process", "--source", "pattern", "--size", "64x48", "--filters", q(c.filters),
                                   "--out", q(dir.file("x.png"))});
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_NE(run.err.find(c.message), std::string::npos) << run.err;
    EXPECT_EQ(lines(run.err), 1) << run.err;
  }
}

}  // namespace
