// NVRTC's log -> diagnostics, on logs as NVRTC 13 writes them (the NVRTC tests in tests/gpu/lab/cuda
// check the same against the real compiler).
#include <gtest/gtest.h>

#include "gpu/lab/compiler_log.hpp"
#include "gpu/lab/resource_usage.hpp"

namespace {

using kc::lab::formatDiagnostic;

TEST(LabCompilerLog, ErrorsAndWarningsWithCaretColumns) {
  const auto diagnostics = kc::lab::parseCompilerLog(
      "inc/helper.cuh(3): error: identifier \"undefined_thing\" is undefined\n"
      "  \treturn x + undefined_thing;\n"
      "  \t           ^\n"
      "\n"
      "my (1) file.cu(12): warning #177-D: variable \"unused\" was declared but never referenced\n"
      "    int unused = 3;\n"
      "        ^\n"
      "\n"
      "Remark: The warnings can be suppressed with \"-diag-suppress <warning-number>\"\n"
      "\n"
      "k.cu(1): catastrophic error: cannot open source file \"nothere.cuh\"\n"
      "  #include \"nothere.cuh\"\n"
      "                        ^\n"
      "\n"
      "2 errors detected in the compilation of \"k.cu\".\n"
      "Compilation terminated.\n");
  ASSERT_EQ(diagnostics.size(), 3u);
  EXPECT_EQ(formatDiagnostic(diagnostics[0]),
            "inc/helper.cuh:3:13: error: identifier \"undefined_thing\" is undefined");
  EXPECT_EQ(formatDiagnostic(diagnostics[1]),
            "my (1) file.cu:12:7: warning: variable \"unused\" was declared but never referenced");
  EXPECT_EQ(formatDiagnostic(diagnostics[2]), "k.cu:1:23: error: cannot open source file \"nothere.cuh\"");
}

TEST(LabCompilerLog, MessagesWithoutAnEchoKeepNoColumn) {
  const auto diagnostics = kc::lab::parseCompilerLog("k.cu(7): error: something odd\nk.cu(8): remark: fyi\n");
  ASSERT_EQ(diagnostics.size(), 2u);
  EXPECT_EQ(formatDiagnostic(diagnostics[0]), "k.cu:7: error: something odd");
  EXPECT_EQ(formatDiagnostic(diagnostics[1]), "k.cu:8: note: fyi");
}

TEST(LabCompilerLog, PtxasAndOptionErrorsHaveNoPlace) {
  const auto diagnostics = kc::lab::parseCompilerLog(
      "ptxas info    : 0 bytes gmem\n"
      "ptxas error   : Entry function 'k' uses too much shared data (0x10000 bytes, 0xc000 max)\n"
      "ptxas warning : Registers are spilled to local memory in function 'k', 8 bytes spill stores\n"
      "nvrtc: error: unrecognized option -bogus found\n");
  ASSERT_EQ(diagnostics.size(), 3u);
  EXPECT_EQ(diagnostics[0].severity, kc::lab::Severity::Error);
  EXPECT_EQ(diagnostics[0].line, 0);
  EXPECT_EQ(diagnostics[0].message, "ptxas: Entry function 'k' uses too much shared data (0x10000 bytes, 0xc000 max)");
  EXPECT_EQ(diagnostics[1].severity, kc::lab::Severity::Warning);
  EXPECT_EQ(diagnostics[2].message, "unrecognized option -bogus found");
}

TEST(LabResourceUsage, ReadsTheEntrysReportOnly) {
  const std::string log =
      "ptxas info    : 0 bytes gmem\n"
      "ptxas info    : Compiling entry function 'other' for 'sm_90'\n"
      "ptxas info    : Function properties for other\n"
      "ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Used 8 registers, used 0 barriers\n"
      "ptxas info    : Compiling entry function '_Z1kPi' for 'sm_90'\n"
      "ptxas info    : Function properties for _Z1kPi\n"
      "ptxas         .     256 bytes stack frame, 12 bytes spill stores, 16 bytes spill loads\n"
      "ptxas info    : Used 40 registers, used 1 barriers, 256 bytes cumulative stack size, 4096 bytes smem\n"
      "ptxas info    : Compile time = 49.804 ms\n";
  const kc::lab::ResourceUsage usage = kc::lab::parsePtxasReport(log, "_Z1kPi");
  ASSERT_TRUE(usage.known);
  EXPECT_EQ(usage.registers, 40);
  EXPECT_EQ(usage.barriers, 1);
  EXPECT_EQ(usage.sharedBytes, 4096);
  EXPECT_EQ(usage.localBytes, 256);
  EXPECT_EQ(usage.spillStoreBytes, 12);
  EXPECT_EQ(usage.spillLoadBytes, 16);
  const kc::lab::ResourceUsage other = kc::lab::parsePtxasReport(log, "other");
  EXPECT_EQ(other.registers, 8);
  EXPECT_EQ(other.sharedBytes, 0);
  EXPECT_FALSE(kc::lab::parsePtxasReport(log, "missing").known);
}

}  // namespace
