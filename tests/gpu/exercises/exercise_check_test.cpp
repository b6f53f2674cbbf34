// The exercises' check end to end without a GPU: a throw-away exercise run on a fake device that
// reads its behaviour from the kernel's text (tests/support/fake_buffer_device.hpp). What is
// checked here is the check's own logic: buffers, poison and guards, messages, timings and goals.
#include <gtest/gtest.h>

#include "gpu/exercises/exercise_check.hpp"
#include "gpu/exercises/exercise_launch.hpp"
#include "tests/support/fake_buffer_device.hpp"

namespace {

using namespace kc::exercises;
using kc::test::FakeBufferDevice;

const std::string kHeader = "// @exercise add-one\n// @block 256\n// @grid (n + 255) / 256\n";
const std::string kEntry = "__global__ void addOne(const int* in, int n, int* out) {\n}\n";

CheckReport check(const std::string& text, FakeBufferDevice* device, CheckOptions options = {}) {
  if (!options.seed) options.seed = 42;
  ExerciseToolchain toolchain{kc::test::fakeCompile, device};
  if (device) device->launchPath = "mine.cu";
  return checkExercise(kc::test::addOneExercise(), {"mine.cu", text}, toolchain, options);
}

const GoalOutcome& goalNamed(const CheckReport& report, const std::string& id) {
  for (const GoalOutcome& g : report.goals)
    if (g.id == id) return g;
  throw std::runtime_error("no goal " + id);
}

TEST(ExerciseCheck, ACorrectKernelMeetsEveryGoalItsTimesEarn) {
  FakeBufferDevice device;
  const CheckReport report = check(kHeader + "// time: 1\n" + kEntry, &device);
  ASSERT_TRUE(report.compiled);
  ASSERT_TRUE(report.ran);
  EXPECT_EQ(report.device, "Fake GPU");
  EXPECT_EQ(report.seed, 42u);
  EXPECT_TRUE(report.correct);
  ASSERT_EQ(report.cases.size(), 3u);
  for (const CaseOutcome& c : report.cases) EXPECT_TRUE(c.passed) << c.message;
  EXPECT_EQ(report.studentMs, 1.0);
  EXPECT_EQ(report.naiveMs, 2.0);
  EXPECT_NEAR(*report.optimisedMs, 0.9, 1e-6);
  const GoalOutcome& naive = goalNamed(report, kGoalBeatsNaive);
  EXPECT_TRUE(naive.met);
  EXPECT_EQ(naive.figure, "1.00 ms: 2.00x the speed of the naive 2.00 ms");
  EXPECT_TRUE(goalNamed(report, kGoalNearOptimised).met) << goalNamed(report, kGoalNearOptimised).figure;
  EXPECT_TRUE(goalNamed(report, "few-divergent").met);
  EXPECT_EQ(report.levelReached, 3);
  EXPECT_EQ(report.maxLevel, 3);
  EXPECT_TRUE(goalsMetUpTo(report, 0));
  EXPECT_EQ(device.profiles, 1);  // one profiled launch, for the counter goal
}

TEST(ExerciseCheck, OutputsStartPoisonedWithGuardsAroundThemAndThePointersPassTheGuard) {
  FakeBufferDevice device;
  (void)check(kHeader + kEntry, &device);
  const kc::lab::BufferLaunch& launch = device.lastLaunch;
  ASSERT_EQ(launch.buffers.size(), 2u);
  EXPECT_EQ(launch.buffers[1].bytes, 2 * kGuardBytes + 4000);  // the last launch: the timed case's profile
  EXPECT_TRUE(launch.buffers[1].readBack);
  ASSERT_FALSE(launch.fills.empty());
  EXPECT_EQ(launch.fills[0].value, kPoisonWord);
  std::uint64_t offset = 0;
  std::memcpy(&offset, launch.arguments[2].bytes.data(), 8);
  EXPECT_EQ(offset, kGuardBytes);
  EXPECT_EQ(launch.arguments[2].buffer, 1);
}

TEST(ExerciseCheck, ASlowerKernelMissesLevelThreeWithItsFigure) {
  FakeBufferDevice device;
  const CheckReport report = check(kHeader + "// time: 1.5\n" + kEntry, &device);
  const GoalOutcome& near = goalNamed(report, kGoalNearOptimised);
  EXPECT_TRUE(near.measured);
  EXPECT_FALSE(near.met);
  EXPECT_EQ(near.figure, "1.50 ms: 1.67x the time of the optimised 0.900 ms (goal: at most 1.25x)");
  EXPECT_EQ(near.line, 7);  // the fake profile's hottest line of the student's file
  EXPECT_EQ(report.levelReached, 2);
}

TEST(ExerciseCheck, ATimeBelowADeviceCopyOfTheSameBytesIsAMeasurementError) {
  FakeBufferDevice device;
  device.copyMs = 0.5;
  const CheckReport report = check(kHeader + "// time: 0.001\n" + kEntry, &device);
  const GoalOutcome& naive = goalNamed(report, kGoalBeatsNaive);
  EXPECT_FALSE(naive.met);
  EXPECT_NE(naive.figure.find("is below the 0.500 ms a device copy of the same bytes takes: not a valid time"),
            std::string::npos)
      << naive.figure;
  EXPECT_EQ(report.levelReached, 1);
}

TEST(ExerciseCheck, ACounterGoalMissedPointsAtTheLine) {
  FakeBufferDevice device;
  const CheckReport report = check(kHeader + "// divergent: 500\n" + kEntry, &device);
  const GoalOutcome& counter = goalNamed(report, "few-divergent");
  EXPECT_FALSE(counter.met);
  EXPECT_EQ(counter.figure, "500 divergent branches");
  EXPECT_EQ(counter.line, 7);
  EXPECT_EQ(counter.advice, "keep threads together");
  EXPECT_EQ(report.levelReached, 1);
}

TEST(ExerciseCheck, CountersOffLeaveCounterGoalsUnmeasured) {
  FakeBufferDevice device;
  CheckOptions options;
  options.counters = false;
  const CheckReport report = check(kHeader + kEntry, &device, options);
  EXPECT_EQ(device.profiles, 0);
  const GoalOutcome& counter = goalNamed(report, "few-divergent");
  EXPECT_FALSE(counter.measured);
  EXPECT_EQ(counter.figure, "not measured (counters off)");
}

TEST(ExerciseCheck, TheSeedMakesTheInputsAndAFreshOneIsPickedWhenNoneIsGiven) {
  FakeBufferDevice device;
  const ExerciseToolchain toolchain{kc::test::fakeCompile, &device};
  const CheckReport first = checkExercise(kc::test::addOneExercise(), {"mine.cu", kHeader + kEntry}, toolchain);
  const CheckReport second = checkExercise(kc::test::addOneExercise(), {"mine.cu", kHeader + kEntry}, toolchain);
  EXPECT_NE(first.seed, 0u);
  EXPECT_NE(first.seed, second.seed);
}

TEST(ExerciseCheck, WithoutADeviceOnlyTheCompileIsChecked) {
  const CheckReport report = check(kHeader + kEntry, nullptr);
  EXPECT_TRUE(report.compiled);
  EXPECT_FALSE(report.ran);
  EXPECT_TRUE(report.cases.empty());
  ASSERT_FALSE(report.goals.empty());
  for (const GoalOutcome& g : report.goals) {
    EXPECT_FALSE(g.measured);
    EXPECT_EQ(g.figure, "not measured: no CUDA device");
  }
  EXPECT_EQ(report.levelReached, 0);
}

}  // namespace
