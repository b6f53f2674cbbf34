// NVRTC end to end (CI has the toolkit, no GPU): the template compiles, and the compiler's
// diagnostics land on the user's own lines and columns: line 1, the last line, a user header.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <thread>
#include <vector>

#include <unistd.h>

#include "gpu/core/error.hpp"
#include "gpu/lab/cuda/nvrtc_compiler.hpp"
#include "gpu/lab/kernel_template.hpp"
#include "tests/support/lab_test_files.hpp"
#include "tests/gpu/lab/cuda/nvrtc_compile.hpp"

namespace {

using namespace kc::test;

using kc::lab::CompiledKernel;
using kc::lab::Diagnostic;
using kc::lab::Severity;

TEST(LabCompile, TemplateCompilesCleanly) {
  kc::lab::CompileOptions uncached;
  uncached.useCache = false;  // NVRTC itself, timed (another test may have compiled the same text)
  const CompiledKernel kernel = compileFile("template.cu", kc::lab::kernelTemplate(), uncached);
  ASSERT_TRUE(kernel.ok()) << allDiagnostics(kernel);
  EXPECT_TRUE(kernel.diagnostics.empty()) << allDiagnostics(kernel);
  EXPECT_EQ(kernel.analysis.entry->name, "posterize");
  EXPECT_EQ(kernel.arch, kc::lab::defaultArch());
  EXPECT_FALSE(kernel.cubin.empty());
  EXPECT_EQ(kernel.cubin.substr(0, 4),
            "\x7f"
            "ELF");
  EXPECT_TRUE(kernel.resources.known);
  EXPECT_GT(kernel.resources.registers, 0);
  EXPECT_EQ(kernel.resources.spillStoreBytes, 0);
  EXPECT_GT(kernel.compileMs, 0);
  ASSERT_EQ(kernel.analysis.annotations.params.size(), 2u);
  EXPECT_EQ(kernel.analysis.annotations.params[0].name, "levels");
}

// The grader's compiles: many threads at once while the pool of compiler processes grows. A
// compile once read its service from the pool's list after releasing the pool's lock, while another
// thread's new service moved the list's storage: an intermittent SIGSEGV in `grade` (2 runs in 17
// on the H200; the stale read shows at once under ASan). Each compile must get its own answer.
TEST(LabCompile, ManyCompilesAtOnceWhileThePoolGrows) {
  kc::lab::setCompileParallelism(8);
  kc::lab::CompileOptions uncached;
  uncached.useCache = false;
  constexpr int kThreads = 12, kEach = 2;
  std::vector<std::string> failures(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < kEach; ++i) {
        const std::string name = "pool-" + std::to_string(t) + "-" + std::to_string(i) + ".cu";
        const CompiledKernel kernel = compileFile(
            name, kc::lab::kernelTemplate() + "\n// " + name + " " + std::to_string(::getpid()) + "\n", uncached);
        if (!kernel.ok() || kernel.cubin.empty()) failures[t] += name + ": " + allDiagnostics(kernel);
      }
    });
  for (std::thread& thread : threads) thread.join();
  kc::lab::setCompileParallelism(1);
  kc::lab::cancelCompiles();  // the extra processes go now, reaped here
  for (const std::string& failure : failures) EXPECT_EQ(failure, "");
}

// An undo or a text typed back is answered from the compile cache: the same cubin, the same
// diagnostics, nothing compiled; an edit, another option or another file name compiles again.
TEST(LabCompile, ARevisitedTextIsAnsweredWithoutCompiling) {
  const std::string text = kc::lab::kernelTemplate() + "\n// revisited " + std::to_string(::getpid()) + "\n";
  const CompiledKernel first = compileFile("revisit.cu", text);
  ASSERT_TRUE(first.ok()) << allDiagnostics(first);
  EXPECT_FALSE(first.cached);
  EXPECT_GT(first.compileMs, 0);
  const CompiledKernel again = compileFile("revisit.cu", text);
  ASSERT_TRUE(again.ok()) << allDiagnostics(again);
  EXPECT_TRUE(again.cached);
  EXPECT_EQ(again.compileMs, 0);
  EXPECT_EQ(again.cubin, first.cubin);
  EXPECT_EQ(again.loweredName, first.loweredName);
  EXPECT_EQ(again.resources.registers, first.resources.registers);

  EXPECT_FALSE(compileFile("revisit.cu", text + " ").cached) << "an edit";
  EXPECT_FALSE(compileFile("revisit2.cu", text).cached) << "another file: its name is in the program";
  kc::lab::CompileOptions withPtx;
  withPtx.keepPtx = true;
  const CompiledKernel ptx = compileFile("revisit.cu", text, withPtx);
  EXPECT_FALSE(ptx.cached) << "another option";
  EXPECT_FALSE(ptx.ptx.empty());

  // The kernel's own errors are deterministic too: a broken text typed back fails at once, the same way.
  const std::string broken = text + "int broken = ;\n";
  const CompiledKernel error = compileFile("revisit.cu", broken);
  ASSERT_FALSE(error.ok());
  const CompiledKernel errorAgain = compileFile("revisit.cu", broken);
  EXPECT_TRUE(errorAgain.cached);
  EXPECT_EQ(allDiagnostics(errorAgain), allDiagnostics(error));
}

TEST(LabCompile, ConstParametersAndCLinkageAreFine) {
  const CompiledKernel plain =
      compileFile("const.cu", "__global__ void k(const KcInput in, const KcOutput out, const KcParams params) {}\n");
  ASSERT_TRUE(plain.ok()) << allDiagnostics(plain);
  EXPECT_NE(plain.loweredName, "k");  // a C++ name, mangled in the cubin
  const CompiledKernel c =
      compileFile("externc.cu", "extern \"C\" __global__ void k(KcInput, KcOutput, KcParams) {}\n");
  ASSERT_TRUE(c.ok()) << allDiagnostics(c);
  EXPECT_EQ(c.loweredName, "k");
}

TEST(LabCompile, ParametersAreFieldsOfKcParams) {
  const CompiledKernel kernel =
      compileFile("params.cu", labKernel("// @param level int 0..255 = 7\n// @param gain float 0..2 = 1\n",
                                         "out.setGray(x, y, (unsigned char)(params.level * params.gain));"));
  EXPECT_TRUE(kernel.ok()) << allDiagnostics(kernel);
}

TEST(LabCompile, ResourceUsageCountsLocalAndSharedMemory) {
  const CompiledKernel kernel = compileFile(
      "resources.cu", labKernel("",
                                "__shared__ unsigned char tile[1024];\n"
                                "  unsigned char table[256];\n"
                                "  for (int i = 0; i < 256; ++i) table[i] = (unsigned char)(i * in.width);\n"
                                "  tile[threadIdx.x] = table[in.rgba(x, y).x];\n  __syncthreads();\n"
                                "  out.setGray(x, y, tile[(threadIdx.x + 1) % 256]);"));
  ASSERT_TRUE(kernel.ok()) << allDiagnostics(kernel);
  ASSERT_TRUE(kernel.resources.known);
  EXPECT_EQ(kernel.resources.sharedBytes, 1024);
  EXPECT_GE(kernel.resources.localBytes, 256);
  EXPECT_GE(kernel.resources.barriers, 1);
}

TEST(LabCompile, WarningsDoNotFailTheKernel) {
  const CompiledKernel kernel = compileFile("warn.cu", labKernel("", "  int unused = 3;"));
  ASSERT_TRUE(kernel.ok()) << allDiagnostics(kernel);
  ASSERT_EQ(kernel.diagnostics.size(), 1u);
  EXPECT_EQ(kernel.diagnostics[0].severity, Severity::Warning);
  EXPECT_EQ(kernel.diagnostics[0].line, 5);
  EXPECT_EQ(kernel.diagnostics[0].column, 7);
}

TEST(LabCompile, PtxOnRequest) {
  kc::lab::CompileOptions options;
  options.keepPtx = true;
  options.arch = 80;
  const CompiledKernel kernel = compileFile("ptx.cu", kc::lab::kernelTemplate(), options);
  ASSERT_TRUE(kernel.ok()) << allDiagnostics(kernel);
  EXPECT_EQ(kernel.arch, 80);
  EXPECT_NE(kernel.ptx.find(".entry " + kernel.loweredName), std::string::npos) << kernel.ptx.substr(0, 400);
  EXPECT_NE(kernel.ptx.find(".target sm_80"), std::string::npos);
}

TEST(LabCompile, Architectures) {
  EXPECT_EQ(kc::lab::parseArch("sm_90"), 90);
  for (const char* bad : {"sm_20", "90", "sm_", "compute_90", "sm_9x"}) {
    SCOPED_TRACE(bad);
    try {
      kc::lab::parseArch(bad);
      ADD_FAILURE() << "accepted";
    } catch (const kc::InvalidArgument& e) {
      EXPECT_NE(std::string(e.what()).find("compiles for sm_"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
