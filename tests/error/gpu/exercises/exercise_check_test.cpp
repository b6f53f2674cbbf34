// Kernels an exercise's check must fail, each with the one line a student acts on: what differs
// (the output, how many elements, the first and its value against the answer), a write outside an
// output, a fault that stops the later inputs, a compile error or a launch annotation at its place.
#include <gtest/gtest.h>

#include "gpu/exercises/exercise_check.hpp"
#include "tests/support/fake_buffer_device.hpp"

namespace {

using namespace kc::exercises;
using kc::test::FakeBufferDevice;

const std::string kHeader = "// @exercise add-one\n// @block 256\n// @grid (n + 255) / 256\n";
const std::string kEntry = "__global__ void addOne(const int* in, int n, int* out) {\n}\n";

CheckReport check(const std::string& text, FakeBufferDevice* device) {
  CheckOptions options;
  options.seed = 42;  // in[i] = 42 + i
  ExerciseToolchain toolchain{kc::test::fakeCompile, device};
  return checkExercise(kc::test::addOneExercise(), {"mine.cu", text}, toolchain, options);
}

std::string allDiagnostics(const CheckReport& report) {
  std::string text;
  for (const auto& d : report.diagnostics) text += kc::lab::formatDiagnostic(d) + "\n";
  return text;
}

TEST(ExerciseCheckRejects, AWrongValueIsNamedWithHowManyDifferAndTheFirst) {
  FakeBufferDevice device;
  const CheckReport report = check(kHeader + "// behave: last-wrong\n" + kEntry, &device);
  EXPECT_FALSE(report.correct);
  ASSERT_EQ(report.cases.size(), 3u);
  EXPECT_EQ(report.cases[0].message, "n = 1: out: 1 of 1 elements differ; the first, out[0], is 0, expected 43");
  EXPECT_EQ(report.cases[1].message, "n = 17: out: 1 of 17 elements differ; the first, out[16], is 0, expected 59");
  EXPECT_EQ(report.levelReached, 0);
  EXPECT_EQ(report.goals.front().figure, "0 of 3 inputs right");
  EXPECT_FALSE(report.studentMs);  // a wrong kernel is not timed
}

TEST(ExerciseCheckRejects, AWritePastTheEndOfAnOutputIsCaughtByItsGuard) {
  FakeBufferDevice device;
  const CheckReport report = check(kHeader + "// behave: one-too-many\n" + kEntry, &device);
  EXPECT_FALSE(report.correct);
  EXPECT_EQ(report.cases[0].message, "n = 1: wrote 1 element past the end of out (the first at element 1; it has 1)");
}

TEST(ExerciseCheckRejects, AFaultStopsTheLaterInputs) {
  FakeBufferDevice device;
  const CheckReport report = check(kHeader + "// behave: fault\n" + kEntry, &device);
  ASSERT_EQ(report.cases.size(), 3u);
  EXPECT_EQ(report.cases[0].message,
            "n = 1: the kernel faulted (CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered)");
  EXPECT_FALSE(report.cases[1].ran);
  EXPECT_EQ(report.cases[1].message, "n = 17: not run (the kernel faulted or hung on an earlier input)");
  EXPECT_EQ(device.runs, 1);  // nothing more was launched
}

TEST(ExerciseCheckRejects, ACompileErrorIsAtItsLineAndNothingRuns) {
  FakeBufferDevice device;
  const CheckReport report = check(kHeader + "\nSYNTAX ERROR\n" + kEntry, &device);
  EXPECT_FALSE(report.compiled);
  EXPECT_EQ(allDiagnostics(report), "mine.cu:5:1: error: expected a declaration\n");
  EXPECT_EQ(device.runs, 0);
}

TEST(ExerciseCheckRejects, LaunchAnnotationsThatCannotWorkAreErrorsAtTheirPlace) {
  FakeBufferDevice device;
  CheckReport report = check("// @exercise add-one\n// @block 256\n" + kEntry, &device);
  EXPECT_FALSE(report.compiled);
  EXPECT_EQ(allDiagnostics(report),
            "mine.cu:1:1: error: @grid missing: a kernel of this exercise says how many blocks it runs from its sizes "
            "(n), e.g. // @grid (n + 255) / 256\n");
  report = check("// @exercise add-one\n// @block 256\n// @grid (N + 255) / 256\n" + kEntry, &device);
  EXPECT_FALSE(report.compiled);
  EXPECT_EQ(allDiagnostics(report), "mine.cu:3:11: error: @grid: 'N' is not a size parameter of the kernel (n)\n");
  report = check("// @exercise add-one\n// @grid n\n" + kEntry, &device);
  EXPECT_EQ(allDiagnostics(report),
            "mine.cu:1:1: error: @block missing: a kernel of this exercise says how many threads a block has, e.g. "
            "// @block 256\n");
  EXPECT_EQ(device.runs, 0);
}

TEST(ExerciseCheckRejects, AGridOfNoBlocksFailsThatInputWithItsValue) {
  FakeBufferDevice device;
  const CheckReport report = check("// @exercise add-one\n// @block 256\n// @grid n - n\n" + kEntry, &device);
  ASSERT_TRUE(report.compiled);
  EXPECT_EQ(report.cases[0].message,
            "n = 1: the @grid's x 'n - n' gives 0 blocks (a grid has 1 to 2147483647 along x)");
}

TEST(ExerciseCheckRejects, AWrongSignatureIsTheCompilersErrorNamingTheExercisesSignature) {
  const kc::lab::EntryContract contract = entryContract(kc::test::addOneExercise());
  EXPECT_EQ(contract.functionType, "void (*)(const int*, int, int*)");
  EXPECT_EQ(contract.signature, "__global__ void NAME(const int* in, int n, int* out)");
}

}  // namespace
