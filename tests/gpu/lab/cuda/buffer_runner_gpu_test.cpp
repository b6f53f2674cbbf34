// The lab's buffer runner on the GPU: a case's inputs are uploaded from the host once, and every later
// launch of the same contents restores them from a device copy, also after a kernel wrote into them.
#include <gtest/gtest.h>

#include "gpu/exercises/exercise_check.hpp"
#include "gpu/exercises/exercise_registry.hpp"
#include "gpu/lab/cuda/buffer_runner.hpp"
#include "gpu/lab/cuda/nvrtc_compiler.hpp"
#include "tests/support/gpu_test_support.hpp"
#include "tests/support/lab_test_files.hpp"

namespace {

using namespace kc::exercises;

// Right, and then it writes over its input (the signature says const; C++ lets a kernel cast it away).
constexpr const char* kSumThenSpoilTheInput = R"(// @exercise reduce-sum
// @block 256
// @grid (n + 255) / 256
__global__ void reduceSum(const int* in, int n, int* sum) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(sum, in[i]);
    const_cast<int*>(in)[i] = 1000000 + i;
  }
}
)";

TEST(BufferRunnerGpu, AnInputIsUploadedOnceAndRestoredForEveryLaunchAfterAKernelWroteIntoIt) {
  KC_REQUIRE_CUDA_DEVICE();
  const ExerciseDefinition* e = exerciseRegistry().find("reduce-sum");
  ASSERT_NE(e, nullptr);
  kc::lab::BufferRunner device(0);
  const ExerciseToolchain toolchain{[](auto& s, auto& o) { return kc::lab::compileKernel(s, o); }, &device};
  const kc::lab::KernelSource source =
      kc::lab::readKernelSource(kc::test::writeLabFile("spoil.cu", kSumThenSpoilTheInput));
  const kc::lab::CompiledKernel kernel = compileExerciseKernel(*e, source, toolchain, std::nullopt);
  ASSERT_TRUE(kernel.ok());
  CheckOptions options;
  options.seed = 7;
  options.timing = false;
  options.counters = false;
  CheckReport seeded;
  seeded.seed = options.seed;
  const std::vector<ExerciseCase> cases = checkCases(*e, seeded, options);
  int inputs = 0;
  for (const ExerciseCase& c : cases)
    for (const CaseArgument& a : c.arguments) inputs += a.buffer && !a.output && !a.input.empty();
  for (int round = 0; round < 3; ++round) {
    CheckReport report;
    runCorrectness(*e, kernel, cases, device, options, false, report);
    EXPECT_TRUE(report.correct) << "round " << round << ": " << (report.cases.empty() ? "" : report.cases[0].message);
    for (const CaseOutcome& c : report.cases) EXPECT_TRUE(c.passed) << "round " << round << ": " << c.message;
  }
  // Each case's inputs come from the host once; the second and third rounds restore them on the device.
  EXPECT_EQ(device.uploadsFromHost(), inputs);
  // A copy of a case is other contents (its own bytes): uploaded, and right.
  CheckReport copied;
  runCorrectness(*e, kernel, {cases.back()}, device, options, false, copied);
  EXPECT_TRUE(copied.correct);
  EXPECT_EQ(device.uploadsFromHost(), inputs + 1);
}

}  // namespace
