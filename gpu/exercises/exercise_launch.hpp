#pragma once
// From an exercise's case to a launch and back: the grid and block a kernel's annotations give for
// the case's sizes, the buffers and arguments in the entry's order (outputs poisoned or at their
// stated start, with guard bytes around them, put back before every launch), and what differs in
// what the kernel left.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "gpu/exercises/exercise.hpp"
#include "gpu/lab/buffer_launch.hpp"
#include "gpu/lab/diagnostic.hpp"
#include "gpu/lab/kernel_annotations.hpp"

namespace kc::exercises {

// Guard bytes before and after every output, filled with the poison word: a write there is reported.
constexpr std::uint64_t kGuardBytes = 256;

struct LaunchShape {
  std::array<std::uint32_t, 3> grid{1, 1, 1}, block{1, 1, 1};
  std::string failure;  // this case cannot be launched so: "the @grid gives 0 blocks for n = 1 (...)"
};

// Problems of the annotations themselves, at their lines (no @block or @grid where the exercise
// needs them, a name in @grid that is not one of the kernel's sizes): the kernel cannot run.
std::vector<lab::Diagnostic> launchAnnotationProblems(const ExerciseDefinition& exercise, const std::string& path,
                                                      const lab::KernelAnnotations& annotations);

LaunchShape launchShape(const ExerciseDefinition& exercise, const lab::KernelAnnotations& annotations,
                        const ExerciseCase& c);

lab::BufferLaunch buildLaunch(const ExerciseDefinition& exercise, const ExerciseCase& c, const LaunchShape& shape);

// "" when every output equals its answer (within its tolerance) and no guard byte changed; else one
// line naming the output, how many elements differ, the first and its value against the answer.
std::string compareOutputs(const ExerciseCase& c, const lab::BufferLaunch& launch,
                           const lab::BufferLaunchResult& result);

}  // namespace kc::exercises
