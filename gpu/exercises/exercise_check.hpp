#pragma once
// A check of a student's kernel for an exercise: compiled (in the lab's sandboxed compiler), run on
// fresh hidden inputs (a new seed each time; sizes that differ from the statement's example),
// compared with the exercise's answers, then timed against kernelcam's naive and optimised
// versions and profiled for the counter goals. The same check serves `kernelcam exercise check`,
// the lab's Exercises panel and the grader.
//
// What the student's code controls is only the kernel: it runs in the lab's worker process (a
// fault or a hang costs that process), its outputs start poisoned (or at the value the statement
// gives) before every launch with guard bytes around them, the times are taken by kernelcam's
// events around the launch, the output of the last timed launch is checked too, and a time below
// what a device copy of the same bytes takes is reported as a measurement error, not a speed.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gpu/exercises/exercise.hpp"
#include "gpu/lab/buffer_launch.hpp"
#include "gpu/lab/compiled_kernel.hpp"
#include "gpu/lab/cuda/nvrtc_compiler.hpp"  // CompileOptions: plain C++ declarations
#include "gpu/lab/kernel_source.hpp"

namespace kc::exercises {

// How a check compiles and runs: the CUDA library's compiler and a BufferDevice, or a test's
// stand-ins. Without a device, the check compiles and stops there (`ran` false).
struct ExerciseToolchain {
  std::function<lab::CompiledKernel(const lab::KernelSource&, const lab::CompileOptions&)> compile;
  lab::BufferDevice* device = nullptr;
};

struct CheckOptions {
  std::uint64_t seed = 0;  // 0: a fresh random seed
  std::vector<HostFrame> photos;
  int timedLaunches = 15;  // the median of these is the time
  bool timing = true;      // false: levels 2 and 3 are not measured (a compile-and-correctness check)
  bool counters = true;    // false: the counter goals are not measured (no profile)
  std::optional<lab::CompileLimits> limits;
};

struct CaseOutcome {
  std::string label;
  bool passed = false;
  bool ran = false;     // false: not run (an earlier case faulted or hung)
  std::string message;  // what differs, or how it failed
};

struct GoalOutcome {
  std::string id;
  int level = 1;
  std::string title;
  bool met = false;
  bool measured = false;  // false: not measured (an earlier level failed, no device, a missing counter)
  std::string figure;     // the measured figure beside the goal ("0.41 ms, 1.9x faster than the naive 0.78 ms")
  std::string why;        // met: the two lines that say why it matters
  std::string advice;     // unmet: what to look at
  int line = 0;           // unmet: the line of the student's file the figure points at (0: none)
};

struct CheckReport {
  std::string exercise;
  std::string path;
  std::uint64_t seed = 0;
  bool compiled = false;
  std::vector<lab::Diagnostic> diagnostics;  // the compile's, and the check's own about annotations
  bool ran = false;                          // a device ran it
  std::string device;                        // its name
  std::vector<CaseOutcome> cases;
  bool correct = false;
  std::optional<double> studentMs, naiveMs, optimisedMs, copyFloorMs;
  std::vector<GoalOutcome> goals;  // in level order
  int levelReached = 0;            // the highest level whose goals, and every lower level's, are all met
  int maxLevel = 0;
  double compileMs = 0, checkMs = 0;    // compile alone; the whole check, wall time
  std::vector<lab::LineFigures> lines;  // the profile (counter goals), when one ran
  bool profiled = false;
  std::vector<std::string> missingCounters;       // the profile's counters this GPU lacks, or why there is none
  std::uint64_t blocks = 0, threadsPerBlock = 0;  // the profiled launch's
};

// Compiles `source` for `exercise` (its contract, line information kept for the profile). Never
// throws for the kernel's own errors (diagnostics), as compileKernel.
lab::CompiledKernel compileExerciseKernel(const ExerciseDefinition& exercise, const lab::KernelSource& source,
                                          const ExerciseToolchain& toolchain,
                                          const std::optional<lab::CompileLimits>& limits = std::nullopt);

CheckReport checkExercise(const ExerciseDefinition& exercise, const lab::KernelSource& source,
                          const ExerciseToolchain& toolchain, const CheckOptions& options = {});

// The check's steps, in the order checkExercise runs them: the grader runs them in phases over a
// whole class (correctness and counters on several workers of a GPU at once; the times on one
// worker per GPU with nothing else running there).
CheckReport beginReport(const ExerciseDefinition& exercise, const lab::KernelSource& source,
                        const lab::CompiledKernel& kernel, const CheckOptions& options);
// The hidden inputs for the report's seed.
std::vector<ExerciseCase> checkCases(const ExerciseDefinition& exercise, const CheckReport& report,
                                     const CheckOptions& options);
// Every input once (the timed one `timedLaunches` times where `timeTheTimedCase`); stops at a fault or a hang.
void runCorrectness(const ExerciseDefinition& exercise, const lab::CompiledKernel& kernel,
                    const std::vector<ExerciseCase>& cases, lab::BufferDevice& device, const CheckOptions& options,
                    bool timeTheTimedCase, CheckReport& report);
// The student's time (where runCorrectness did not take it), the copy floor, kernelcam's two versions'.
void measureTimes(const ExerciseDefinition& exercise, const lab::CompiledKernel& kernel,
                  const std::vector<ExerciseCase>& cases, const ExerciseToolchain& toolchain,
                  const CheckOptions& options, CheckReport& report);
// One profiled launch on the timed input (a worker of its own: CUPTI sets up once per process).
void measureCounters(const ExerciseDefinition& exercise, const lab::CompiledKernel& kernel,
                     const std::vector<ExerciseCase>& cases, lab::BufferDevice& device, CheckReport& report);
// The goals from what was measured, and the level reached.
void finishGoals(const ExerciseDefinition& exercise, const std::vector<ExerciseCase>& cases,
                 const std::string& sourceText, const CheckOptions& options, CheckReport& report);

// The exercise a file says it solves (`// @exercise ID`), or nullptr; `why` says what is wrong.
const ExerciseDefinition* exerciseOfSource(const lab::KernelSource& source, std::string* why);

// Every goal met up to `level` (0: the exercise's highest).
bool goalsMetUpTo(const CheckReport& report, int level);

}  // namespace kc::exercises
