// `kernelcam exercise` given what it cannot use: one line and the exit code a script can act on.
#include <gtest/gtest.h>

#include "tests/app/cli/exercise_cli.hpp"

namespace {

using namespace kc::test;

TEST(CliExerciseRejects, UnknownExercisesActionsAndHints) {
  TempDir home;
  CliRun run = runExercise(home, {"show", "reduce-summ"});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.err, "kernelcam: exercise show: no exercise 'reduce-summ' (did you mean 'reduce-sum'?)\n");
  run = runExercise(home, {"stat", "grayscale"});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.err, "kernelcam: exercise: unknown action 'stat' (did you mean 'start'?)\n");
  run = runExercise(home, {"hint", "grayscale", "99"});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("exercise hint: '99': grayscale has hints 1 to "), std::string::npos) << run.err;
  run = runExercise(home, {"start", "grayscale", QString::fromStdString(home.file("no/such/dir"))});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.err, "kernelcam: exercise start: " + home.file("no/such/dir") + " is not a folder\n");
}

TEST(CliExerciseRejects, ACompileErrorIsAtItsLineWithExitTwo) {
  if (!kHaveNvrtc) GTEST_SKIP() << "a build without CUDA: no compiler to report the error";
  TempDir home;
  const std::string path = home.file("mine.cu");
  writeBytes(path,
             "// @exercise reduce-sum\n// @block 256\n// @grid (n + 255) / 256\n"
             "__global__ void reduceSum(const int* in, int n, int* sum) {\n  atomicAdd(sum, in[undefinedName]);\n}\n");
  const CliRun run = runExercise(home, {"check", QString::fromStdString(path)});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.err.rfind(path + ":5:", 0), 0u) << run.err;
  EXPECT_NE(run.err.find("identifier \"undefinedName\" is undefined"), std::string::npos) << run.err;
  EXPECT_EQ(run.out, "");
}

TEST(CliExerciseRejects, AFileThatSaysNoExerciseOrAnUnknownOne) {
  TempDir home;
  const std::string path = home.file("mine.cu");
  writeBytes(path, "__global__ void k(const int* in, int n, int* sum) {}\n");
  CliRun run = runExercise(home, {"check", QString::fromStdString(path)});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.err, "kernelcam: " + path +
                         ": no `// @exercise ID` line says which exercise the kernel solves "
                         "(kernelcam exercise start ID writes a file with it; kernelcam exercise list)\n");
  writeBytes(path, "// @exercise nope\n__global__ void k(const int* in, int n, int* sum) {}\n");
  run = runExercise(home, {"check", QString::fromStdString(path)});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.err, "kernelcam: " + path + ":1: no exercise 'nope' (kernelcam exercise list)\n");
  run = runExercise(home, {"check", QString::fromStdString(home.file("missing.cu"))});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.err, "kernelcam: " + home.file("missing.cu") + ": no such file\n");
}

TEST(CliExerciseRejects, BadLevelsAndSeeds) {
  TempDir home;
  const std::string path = home.file("mine.cu");
  writeBytes(path, "// @exercise reduce-sum\n");
  CliRun run = runExercise(home, {"check", QString::fromStdString(path), "--level", "0"});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.err, "kernelcam: exercise check: --level '0': a level from 1 to 9\n");
  run = runExercise(home, {"check", QString::fromStdString(path), "--seed", "x"});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.err, "kernelcam: exercise check: --seed 'x': a whole number above 0\n");
}

}  // namespace
