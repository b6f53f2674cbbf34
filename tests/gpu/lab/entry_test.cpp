// Finding the one __global__ function: names, places, and the two ways a file can get it wrong.
#include <gtest/gtest.h>

#include "gpu/lab/kernel_entry.hpp"

namespace {

std::vector<kc::lab::EntryCandidate> globals(const std::string& text) {
  return kc::lab::findGlobalFunctions(kc::lab::scanSource(text));
}

TEST(LabEntry, FindsTheKernelAndItsPlace) {
  const auto found = globals("// a kernel\n\n__global__ void  blur(KcInput in, KcOutput out, KcParams p) {}\n");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].name, "blur");
  EXPECT_EQ(found[0].line, 3);
  EXPECT_EQ(found[0].column, 18);
}

TEST(LabEntry, SkipsSpecifiersBetweenGlobalAndTheName) {
  const auto found = globals(
      "extern \"C\" __global__ void __launch_bounds__(256, 2) a(KcInput, KcOutput, KcParams) {}\n"
      "__global__ [[maybe_unused]] void __maxnreg__(32) b(KcInput, KcOutput, KcParams) {}\n"
      "template <int N> __global__ void c(KcInput, KcOutput, KcParams) {}\n");
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0].name, "a");
  EXPECT_EQ(found[1].name, "b");
  EXPECT_EQ(found[2].name, "c");
}

TEST(LabEntry, IgnoresCommentsStringsMacrosAndOtherWords) {
  const auto found = globals(
      "// __global__ void commented(int)\n"
      "/* __global__ void blocked(int) */\n"
      "const char* s = \"__global__ void quoted(int)\";\n"
      "#define KERNEL __global__ void\n"
      "int my__global__ = 0;\n"
      "__device__ int helper(int x) { return x; }\n"
      "__global__ void real(KcInput, KcOutput, KcParams) {}\n");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].name, "real");
}

TEST(LabEntry, DeclarationAndDefinitionAreOneCandidateAtTheDefinition) {
  const auto found =
      globals("__global__ void k(KcInput, KcOutput, KcParams);\n\n__global__ void k(KcInput, KcOutput, KcParams) {}\n");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].line, 3);
}

TEST(LabEntry, TwoCandidatesAreReportedAtTheSecond) {
  const auto check =
      kc::lab::findEntry("k.cu", kc::lab::scanSource("__global__ void a(KcInput, KcOutput, KcParams) {}\n"
                                                     "__global__ void b(KcInput, KcOutput, KcParams) {}\n"));
  EXPECT_FALSE(check.entry);
  ASSERT_EQ(check.diagnostics.size(), 1u);
  EXPECT_EQ(kc::lab::formatDiagnostic(check.diagnostics[0]),
            "k.cu:2:17: error: two candidate entries, 'a' (line 1) and 'b': the lab runs exactly one __global__ "
            "function; make the others __device__");
}

}  // namespace
