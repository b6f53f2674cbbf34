// Every exercise on the GPU: the reference solution meets every goal (correct, faster than
// kernelcam's naive version, within 1.25x of the optimised one, the counter goals), and each wrong
// kernel fails with the message its first line names. The figures are printed: docs/COURSE.md and
// docs/PERFORMANCE.md quote them.
#include <gtest/gtest.h>

#include <cstdio>

#include "gpu/exercises/exercise_check.hpp"
#include "gpu/exercises/exercise_registry.hpp"
#include "gpu/lab/cuda/buffer_runner.hpp"
#include "gpu/lab/cuda/nvrtc_compiler.hpp"
#include "tests/gpu/exercises/exercise_fixtures.hpp"
#include "tests/support/gpu_test_support.hpp"

namespace {

using namespace kc::exercises;

ExerciseToolchain toolchainOn(kc::lab::BufferDevice& device) {
  return {[](auto& s, auto& o) { return kc::lab::compileKernel(s, o); }, &device};
}

void printReport(const char* what, const CheckReport& report) {
  std::printf("[ exercise ] %s %s: level %d of %d, check %.0f ms (compile %.0f ms), seed %llu\n",
              report.exercise.c_str(), what, report.levelReached, report.maxLevel, report.checkMs, report.compileMs,
              static_cast<unsigned long long>(report.seed));
  for (const CaseOutcome& c : report.cases)
    if (!c.passed) std::printf("[ exercise ]   input %s\n", c.message.c_str());
  for (const GoalOutcome& g : report.goals)
    std::printf("[ exercise ]   level %d %s %s: %s\n", g.level,
                !g.measured ? "--"
                : g.met     ? "met"
                            : "MISS",
                g.id.c_str(), g.figure.c_str());
}

class ExerciseSolutions : public ::testing::TestWithParam<std::string> {};

TEST_P(ExerciseSolutions, TheReferenceMeetsEveryGoalAndEachWrongKernelFailsSayingWhatDiffers) {
  KC_REQUIRE_CUDA_DEVICE();
  const ExerciseDefinition* e = exerciseRegistry().find(GetParam());
  ASSERT_NE(e, nullptr);
  kc::lab::BufferRunner device(0);
  const ExerciseToolchain toolchain = toolchainOn(device);
  CheckOptions options;
  options.seed = 20261129;
  const CheckReport report =
      checkExercise(*e, kc::test::fixtureKernel(kc::test::exerciseFixtures(e->id) / "solution.cu"), toolchain, options);
  printReport("solution", report);
  ASSERT_TRUE(report.compiled);
  EXPECT_TRUE(report.correct);
  for (const GoalOutcome& g : report.goals) EXPECT_TRUE(g.met) << g.id << ": " << g.figure;
  EXPECT_EQ(report.levelReached, report.maxLevel);

  CheckOptions quick = options;
  quick.timing = false;
  quick.counters = false;
  for (const auto& path : kc::test::wrongKernels(e->id)) {
    const kc::lab::KernelSource source = kc::test::fixtureKernel(path);
    const CheckReport wrong = checkExercise(*e, source, toolchain, quick);
    printReport(path.filename().string().c_str(), wrong);
    EXPECT_TRUE(wrong.compiled) << path;
    EXPECT_FALSE(wrong.correct) << path;
    std::string first;
    for (const CaseOutcome& c : wrong.cases)
      if (!c.passed) {
        first = c.message;
        break;
      }
    EXPECT_NE(first.find(kc::test::expectedMessage(source)), std::string::npos) << path << ": " << first;
    const bool namesWhat = first.find(" differ; the first, ") != std::string::npos ||
                           first.find("wrote ") != std::string::npos || first.find("faulted") != std::string::npos ||
                           first.find("did not finish") != std::string::npos;
    EXPECT_TRUE(namesWhat) << path << ": " << first;
  }
  // The starting code runs without harm (its TODOs leave outputs unwritten: not correct).
  const CheckReport start = checkExercise(*e, {e->id + "/start.cu", exerciseFile(*e, e->startFile)}, toolchain, quick);
  EXPECT_TRUE(start.compiled);
  EXPECT_FALSE(start.correct);
  // The GPU is usable after the wrong kernels: the reference is right again.
  EXPECT_TRUE(
      checkExercise(*e, kc::test::fixtureKernel(kc::test::exerciseFixtures(e->id) / "solution.cu"), toolchain, quick)
          .correct);
}

std::vector<std::string> exerciseIds() { return exerciseRegistry().ids(); }

INSTANTIATE_TEST_SUITE_P(AllExercises, ExerciseSolutions, ::testing::ValuesIn(exerciseIds()), [](const auto& info) {
  std::string name = info.param;
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
});

// The wall time of an image exercise's check, compile included, with the worker warm (the second
// of two checks in one process): what a student waits for after pressing Check. Printed, not
// asserted (docs/PERFORMANCE.md records it).
TEST(ExerciseCheckTime, AnImageExercisesCheckWithAWarmWorker) {
  KC_REQUIRE_CUDA_DEVICE();
  const ExerciseDefinition* e = exerciseRegistry().find("grayscale");
  ASSERT_NE(e, nullptr);
  kc::lab::BufferRunner device(0);
  const ExerciseToolchain toolchain = toolchainOn(device);
  const kc::lab::KernelSource source = kc::test::fixtureKernel(kc::test::exerciseFixtures("grayscale") / "solution.cu");
  for (int i = 0; i < 3; ++i) {
    CheckOptions options;
    options.seed = 100 + i;
    const CheckReport report = checkExercise(*e, source, toolchain, options);
    std::printf("[ exercise ] grayscale check %d: %.0f ms wall (compile %.0f ms), level %d\n", i + 1, report.checkMs,
                report.compileMs, report.levelReached);
  }
}

}  // namespace
