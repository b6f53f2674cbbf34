// Must-fail: kernels NVRTC cannot compile (an error on the first or the last line, in an included
// header, a missing header, a wrong signature, a bad annotation, a ptxas error): each error at the
// user's own line, file and column, with NVRTC's text. The kernels that compile are in
// tests/gpu/lab/cuda/compile_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "gpu/core/error.hpp"
#include "gpu/lab/cuda/nvrtc_compiler.hpp"
#include "gpu/lab/kernel_template.hpp"
#include "gpu/lab/worker/lab_worker_client.hpp"
#include "tests/support/lab_test_files.hpp"
#include "tests/gpu/lab/cuda/nvrtc_compile.hpp"

namespace {

using namespace kc::test;

using kc::lab::CompiledKernel;
using kc::lab::Diagnostic;
using kc::lab::Severity;

std::vector<Diagnostic> errorsOf(const CompiledKernel& kernel) {
  std::vector<Diagnostic> errors;
  std::copy_if(kernel.diagnostics.begin(), kernel.diagnostics.end(), std::back_inserter(errors),
               [](const Diagnostic& d) { return d.severity == Severity::Error; });
  return errors;
}

TEST(LabCompile, ErrorOnTheFirstLine) {
  const CompiledKernel kernel =
      compileFile("first.cu", "int a = oops;\n" + labKernel("", "out.setRgba(x, y, in.rgba(x, y));"));
  const auto errors = errorsOf(kernel);
  ASSERT_FALSE(errors.empty()) << allDiagnostics(kernel);
  EXPECT_EQ(errors[0].path, kernel.path);
  EXPECT_EQ(errors[0].line, 1);
  EXPECT_EQ(errors[0].column, 9);
  EXPECT_EQ(errors[0].message, "identifier \"oops\" is undefined");
  EXPECT_TRUE(kernel.cubin.empty());
}

TEST(LabCompile, ErrorOnTheLastLineWithAndWithoutANewline) {
  const std::string kernel = labKernel("", "out.setRgba(x, y, in.rgba(x, y));");  // 6 lines
  for (const std::string& end : {std::string("\n"), std::string()}) {
    SCOPED_TRACE(end.empty() ? "no newline at the end" : "newline at the end");
    const CompiledKernel compiled = compileFile("last.cu", kernel + "int z = not_declared;" + end);
    const auto errors = errorsOf(compiled);
    ASSERT_EQ(errors.size(), 1u) << allDiagnostics(compiled);
    EXPECT_EQ(errors[0].line, 7);
    EXPECT_EQ(errors[0].column, 9);
    EXPECT_EQ(kc::lab::formatDiagnostic(errors[0]),
              compiled.path + ":7:9: error: identifier \"not_declared\" is undefined");
  }
}

TEST(LabCompile, ErrorInsideAnIncludedUserHeader) {
  const std::string header = writeLabFile("inc_case/helpers.cuh",
                                          "// helpers\n"
                                          "__device__ unsigned char brighter(unsigned char v) {\n"
                                          "\treturn v + missing_offset;\n"
                                          "}\n");
  const CompiledKernel kernel =
      compileFile("inc_case/main.cu",
                  "#include \"helpers.cuh\"\n" + labKernel("", "out.setGray(x, y, brighter(in.rgba(x, y).x));"));
  const auto errors = errorsOf(kernel);
  ASSERT_EQ(errors.size(), 1u) << allDiagnostics(kernel);
  EXPECT_EQ(std::filesystem::path(errors[0].path), std::filesystem::path(header));
  EXPECT_EQ(errors[0].line, 3);
  EXPECT_EQ(errors[0].column, 13);  // the tab counts as one column
}

TEST(LabCompile, MissingHeaderIsReportedAtTheInclude) {
  const CompiledKernel kernel = compileFile("noheader.cu", "\n#include \"absent.cuh\"\n" + labKernel("", ""));
  const auto errors = errorsOf(kernel);
  ASSERT_EQ(errors.size(), 1u) << allDiagnostics(kernel);
  EXPECT_EQ(errors[0].line, 2);
  EXPECT_NE(errors[0].message.find("cannot open source file \"absent.cuh\""), std::string::npos);
}

TEST(LabCompile, WrongSignatureIsReportedAtTheEntry) {
  for (const std::string& parameters : {std::string("int* p"), std::string("KcOutput out, KcInput in, KcParams p"),
                                        std::string("KcInput in, KcOutput out")}) {
    SCOPED_TRACE(parameters);
    const CompiledKernel kernel =
        compileFile("signature.cu", "// wrong\n\n__global__ void  blur(" + parameters + ") {}\n");
    const auto errors = errorsOf(kernel);
    ASSERT_EQ(errors.size(), 1u) << allDiagnostics(kernel);
    EXPECT_EQ(kc::lab::formatDiagnostic(errors[0]),
              kernel.path +
                  ":3:18: error: kernel 'blur' does not have the lab's signature: expected __global__ void "
                  "NAME(KcInput in, KcOutput out, KcParams params)");
  }
}

TEST(LabCompile, AnnotationErrorsStopBeforeNvrtc) {
  const CompiledKernel kernel = compileFile("badparam.cu", labKernel("// @param level int 0..255 = 300\n", ""));
  const auto errors = errorsOf(kernel);
  ASSERT_EQ(errors.size(), 1u) << allDiagnostics(kernel);
  EXPECT_EQ(errors[0].line, 1);
  EXPECT_NE(errors[0].message.find("default 300 is outside 0..255"), std::string::npos);
  EXPECT_EQ(kernel.compileMs, 0);
}

TEST(LabCompile, PtxasErrorsArePlacedAtTheEntry) {
  const CompiledKernel kernel =
      compileFile("bigshared.cu", labKernel("",
                                            "__shared__ unsigned char tile[100000];\n"
                                            "  tile[threadIdx.x] = in.rgba(x, y).x;\n  __syncthreads();\n"
                                            "  out.setGray(x, y, tile[(threadIdx.x + 1) % 256]);"));
  const auto errors = errorsOf(kernel);
  ASSERT_FALSE(errors.empty()) << allDiagnostics(kernel);
  EXPECT_EQ(errors[0].line, 1);  // labKernel's entry line
  EXPECT_EQ(errors[0].column, 17);
  EXPECT_EQ(errors[0].message.rfind("ptxas: ", 0), 0u) << errors[0].message;
}

// Issue 40, class 7: a valid kernel saved under a name holding a newline failed with errors inside
// kernelcam-prelude.cuh (the name was pasted into the generated #line). It compiles; an error in it
// is at its own line and file, and the diagnostic is one line.
TEST(LabCompile, AFileNameWithANewlineCompilesAndItsErrorsNameIt) {
  const CompiledKernel good = compileFile("new\nline.cu", kc::lab::kernelTemplate());
  EXPECT_TRUE(good.ok()) << allDiagnostics(good);
  const CompiledKernel bad =
      compileFile("bad\nname \"q\".cu", "int a = oops;\n" + labKernel("", "out.setRgba(x, y, in.rgba(x, y));"));
  const auto errors = errorsOf(bad);
  ASSERT_EQ(errors.size(), 1u) << allDiagnostics(bad);
  EXPECT_EQ(errors[0].path, bad.path);
  EXPECT_EQ(errors[0].line, 1);
  EXPECT_EQ(errors[0].column, 9);
  EXPECT_EQ(errors[0].message, "identifier \"oops\" is undefined");
  EXPECT_EQ(kc::lab::formatDiagnostic(errors[0]).find('\n'), std::string::npos);
}

// Issue 40, class 6: a memory limit NVRTC cannot even start under (the command line refuses such
// values now; a machine or a version that needs more than the smallest one still gets here): one
// line naming the compiler process and the limit, no source file, no abort; the next compile under
// the usual limit works.
TEST(LabCompilerService, BelowWhatNvrtcNeedsTheCompilerSaysSo) {
  kc::lab::CompileOptions tight;
  tight.limits = kc::lab::CompileLimits{64, 10};
  try {
    const CompiledKernel kernel = compileFile("small.cu", kc::lab::kernelTemplate(), tight);
    ADD_FAILURE() << "compiled under 64 MiB: " << allDiagnostics(kernel);
  } catch (const kc::lab::WorkerError& error) {
    EXPECT_EQ(std::string(error.what()),
              "the kernel lab's compiler process cannot start NVRTC within the lab's memory limit of 64 MiB (kernel "
              "check --compile-memory MIB or KC_COMPILE_MEMORY raises it)");
  }
  const CompiledKernel kernel = compileFile("usual.cu", kc::lab::kernelTemplate());
  EXPECT_TRUE(kernel.ok()) << allDiagnostics(kernel);
}

// A cancel between compiles (the grader's end, the window's close, an edit that replaces one):
// SIGKILL is sent and the next compile followed at once, before the kill was delivered, so it
// found the process alive, sent its request and got "killed by signal 9 during the compile". A
// cancel retires the process it hit; the next compile starts another and succeeds.
TEST(LabCompilerService, ACompileRightAfterACancelGetsAFreshProcess) {
  kc::lab::CompileOptions uncached;
  uncached.useCache = false;
  for (int round = 0; round < 5; ++round) {
    ASSERT_TRUE(compileFile("before.cu", kc::lab::kernelTemplate(), uncached).ok());
    kc::lab::cancelCompiles();
    const CompiledKernel after = compileFile("after.cu", kc::lab::kernelTemplate(), uncached);
    ASSERT_TRUE(after.ok()) << "round " << round << ": " << allDiagnostics(after);
  }
}

}  // namespace
