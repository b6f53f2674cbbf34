// NVRTC end to end (CI has the toolkit, no GPU): the template compiles, and the compiler's
// diagnostics land on the user's own lines and columns: line 1, the last line, a user header.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "gpu/core/error.hpp"
#include "gpu/lab/cuda/nvrtc_compiler.hpp"
#include "gpu/lab/kernel_template.hpp"
#include "tests/support/lab_test_files.hpp"

namespace {

using kc::lab::CompiledKernel;
using kc::lab::Diagnostic;
using kc::lab::Severity;
using kc::test::labKernel;
using kc::test::writeLabFile;

CompiledKernel compileFile(const std::string& name, const std::string& text, kc::lab::CompileOptions options = {}) {
  return kc::lab::compileKernel(kc::lab::readKernelSource(writeLabFile(name, text)), options);
}

std::vector<Diagnostic> errorsOf(const CompiledKernel& kernel) {
  std::vector<Diagnostic> errors;
  std::copy_if(kernel.diagnostics.begin(), kernel.diagnostics.end(), std::back_inserter(errors),
               [](const Diagnostic& d) { return d.severity == Severity::Error; });
  return errors;
}

std::string allDiagnostics(const CompiledKernel& kernel) {
  std::string text;
  for (const Diagnostic& d : kernel.diagnostics) text += kc::lab::formatDiagnostic(d) + "\n";
  return text;
}

TEST(LabCompile, TemplateCompilesCleanly) {
  const CompiledKernel kernel = compileFile("template.cu", kc::lab::kernelTemplate());
  ASSERT_TRUE(kernel.ok()) << allDiagnostics(kernel);
  EXPECT_TRUE(kernel.diagnostics.empty()) << allDiagnostics(kernel);
  EXPECT_EQ(kernel.analysis.entry->name, "posterize");
  EXPECT_EQ(kernel.arch, kc::lab::defaultArch());
  EXPECT_FALSE(kernel.cubin.empty());
  EXPECT_EQ(kernel.cubin.substr(0, 4), "\x7f" "ELF");
  EXPECT_TRUE(kernel.resources.known);
  EXPECT_GT(kernel.resources.registers, 0);
  EXPECT_EQ(kernel.resources.spillStoreBytes, 0);
  EXPECT_GT(kernel.compileMs, 0);
  ASSERT_EQ(kernel.analysis.annotations.params.size(), 2u);
  EXPECT_EQ(kernel.analysis.annotations.params[0].name, "levels");
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
      compileFile("inc_case/main.cu", "#include \"helpers.cuh\"\n" +
                                          labKernel("", "out.setGray(x, y, brighter(in.rgba(x, y).x));"));
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
    const CompiledKernel kernel = compileFile("signature.cu", "// wrong\n\n__global__ void  blur(" + parameters + ") {}\n");
    const auto errors = errorsOf(kernel);
    ASSERT_EQ(errors.size(), 1u) << allDiagnostics(kernel);
    EXPECT_EQ(kc::lab::formatDiagnostic(errors[0]),
              kernel.path +
                  ":3:18: error: kernel 'blur' does not have the lab's signature: expected __global__ void "
                  "NAME(KcInput in, KcOutput out, KcParams params)");
  }
}

TEST(LabCompile, ConstParametersAndCLinkageAreFine) {
  const CompiledKernel plain = compileFile(
      "const.cu", "__global__ void k(const KcInput in, const KcOutput out, const KcParams params) {}\n");
  ASSERT_TRUE(plain.ok()) << allDiagnostics(plain);
  EXPECT_NE(plain.loweredName, "k");  // a C++ name, mangled in the cubin
  const CompiledKernel c = compileFile("externc.cu", "extern \"C\" __global__ void k(KcInput, KcOutput, KcParams) {}\n");
  ASSERT_TRUE(c.ok()) << allDiagnostics(c);
  EXPECT_EQ(c.loweredName, "k");
}

TEST(LabCompile, ParametersAreFieldsOfKcParams) {
  const CompiledKernel kernel = compileFile(
      "params.cu", labKernel("// @param level int 0..255 = 7\n// @param gain float 0..2 = 1\n",
                             "out.setGray(x, y, (unsigned char)(params.level * params.gain));"));
  EXPECT_TRUE(kernel.ok()) << allDiagnostics(kernel);
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
  const CompiledKernel kernel = compileFile(
      "bigshared.cu", labKernel("", "__shared__ unsigned char tile[100000];\n"
                                    "  tile[threadIdx.x] = in.rgba(x, y).x;\n  __syncthreads();\n"
                                    "  out.setGray(x, y, tile[(threadIdx.x + 1) % 256]);"));
  const auto errors = errorsOf(kernel);
  ASSERT_FALSE(errors.empty()) << allDiagnostics(kernel);
  EXPECT_EQ(errors[0].line, 1);  // labKernel's entry line
  EXPECT_EQ(errors[0].column, 17);
  EXPECT_EQ(errors[0].message.rfind("ptxas: ", 0), 0u) << errors[0].message;
}

TEST(LabCompile, ResourceUsageCountsLocalAndSharedMemory) {
  const CompiledKernel kernel = compileFile(
      "resources.cu", labKernel("", "__shared__ unsigned char tile[1024];\n"
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
