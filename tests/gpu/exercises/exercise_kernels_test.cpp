// Every exercise's kernels compile through the lab (NVRTC in the sandboxed compiler; no GPU needed,
// so CI runs it): the starting code a student gets, kernelcam's naive and optimised versions, and
// the reference and wrong solutions of tests/fixtures/exercises/.
#include <gtest/gtest.h>

#include "gpu/exercises/exercise_check.hpp"
#include "gpu/exercises/exercise_registry.hpp"
#include "gpu/lab/cuda/nvrtc_compiler.hpp"
#include "tests/gpu/exercises/exercise_fixtures.hpp"

namespace {

using namespace kc::exercises;

ExerciseToolchain compileOnly() {
  return {[](auto& s, auto& o) { return kc::lab::compileKernel(s, o); }, nullptr};
}

std::string allDiagnostics(const kc::lab::CompiledKernel& kernel) {
  std::string text;
  for (const auto& d : kernel.diagnostics) text += kc::lab::formatDiagnostic(d) + "\n";
  return text;
}

TEST(ExerciseKernels, StartingCodeAndKernelcamsVersionsCompile) {
  for (const ExerciseDefinition* e : exerciseRegistry().all()) {
    for (const std::string& file : {e->startFile, e->naiveFile, e->optimisedFile}) {
      SCOPED_TRACE(e->id + "/" + file);
      const kc::lab::CompiledKernel kernel =
          compileExerciseKernel(*e, {e->id + "/" + file, exerciseFile(*e, file)}, compileOnly());
      EXPECT_TRUE(kernel.ok()) << allDiagnostics(kernel);
    }
  }
}

TEST(ExerciseKernels, EveryExerciseHasAReferenceAndThreeWrongSolutionsThatCompile) {
  for (const ExerciseDefinition* e : exerciseRegistry().all()) {
    SCOPED_TRACE(e->id);
    const auto solution = kc::test::exerciseFixtures(e->id) / "solution.cu";
    ASSERT_TRUE(std::filesystem::exists(solution)) << solution;
    const kc::lab::CompiledKernel kernel = compileExerciseKernel(*e, kc::test::fixtureKernel(solution), compileOnly());
    EXPECT_TRUE(kernel.ok()) << allDiagnostics(kernel);
    const auto wrong = kc::test::wrongKernels(e->id);
    EXPECT_GE(wrong.size(), 3u);
    for (const auto& path : wrong) {
      const kc::lab::KernelSource source = kc::test::fixtureKernel(path);
      EXPECT_FALSE(kc::test::expectedMessage(source).empty()) << path << " says what its check reports";
      const kc::lab::CompiledKernel wrongKernel = compileExerciseKernel(*e, source, compileOnly());
      EXPECT_TRUE(wrongKernel.ok()) << path << "\n" << allDiagnostics(wrongKernel);
    }
  }
}

TEST(ExerciseKernels, AKernelWithTheImageSignatureInAnArrayExerciseIsToldTheExercisesSignature) {
  const ExerciseDefinition* e = exerciseRegistry().find("reduce-sum");
  ASSERT_NE(e, nullptr);
  const kc::lab::CompiledKernel kernel =
      compileExerciseKernel(*e,
                            {"k.cu",
                             "// @exercise reduce-sum\n// @block 256\n// @grid n\n__global__ void k(KcInput in, "
                             "KcOutput out, KcParams p) {}\n"},
                            compileOnly());
  EXPECT_FALSE(kernel.ok());
  EXPECT_NE(allDiagnostics(kernel).find("k.cu:4:17: error: kernel 'k' does not have the lab's signature: expected "
                                        "__global__ void NAME(const int* in, int n, int* sum)"),
            std::string::npos)
      << allDiagnostics(kernel);
}

}  // namespace
