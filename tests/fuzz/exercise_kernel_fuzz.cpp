// Fuzz target: any text as a student's exercise kernel, read as `kernelcam exercise check` and the
// grader read it before compiling: the annotations (@exercise, @block, @grid), the entry, the launch
// annotations' problems and, for each hidden input size, the grid the @grid evaluates to. Bad text is
// diagnostics; nothing may crash, hang or take a grid outside the hardware's limits.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "gpu/exercises/exercise_launch.hpp"
#include "gpu/exercises/exercise_registry.hpp"
#include "gpu/lab/kernel_analysis.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const kc::lab::KernelSource source{"k.cu", std::string(reinterpret_cast<const char*>(data), size)};
  const kc::exercises::ExerciseDefinition* exercise = kc::exercises::exerciseRegistry().find("reduce-sum");
  if (!exercise) std::abort();
  const kc::lab::KernelAnalysis analysis = kc::lab::analyzeKernel(source, kc::exercises::entryContract(*exercise));
  const auto problems = kc::exercises::launchAnnotationProblems(*exercise, source.path, analysis.annotations);
  if (kc::lab::hasErrors(problems) || !analysis.annotations.grid) return 0;
  for (std::int64_t n : {1, 17, 1000, 1 << 24}) {
    kc::exercises::ExerciseCase c;
    c.label = "n";
    c.arguments = {kc::exercises::valueArgument("n", n)};
    const kc::exercises::LaunchShape shape = kc::exercises::launchShape(*exercise, analysis.annotations, c);
    if (shape.failure.empty() &&
        (shape.grid[0] < 1 || shape.grid[1] < 1 || shape.grid[1] > 65535 || shape.grid[2] < 1 || shape.grid[2] > 65535))
      std::abort();
  }
  return 0;
}
