#pragma once
// Grading a class: every submission checked as `kernelcam exercise check` checks one, each in
// isolation (the lab's sandboxed compiler and its worker processes), the whole batch as fast as
// the machine allows:
//   1. the kernels are read and compiled, `jobs` at once (a compiler process each);
//   2. the correct ones are found and profiled on every GPU, `lanes` lab workers per GPU at once
//      (a fault or a hang costs its worker, which is replaced: the batch goes on);
//   3. the correct ones are timed, one worker per GPU with the GPU to itself, against kernelcam's
//      naive and optimised versions timed once per GPU in the same run.
// Every student gets the same hidden inputs (one seed per run, in the results). Rows of submissions
// whose text, exercise version and options are unchanged come from the cache unless `again`.
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/exercises/grade_results.hpp"
#include "app/exercises/submissions.hpp"
#include "gpu/lab/compile_limits.hpp"

namespace kc {

class KernelCompilerBackend;
class KernelRunnerBackend;

struct GradeSettings {
  const exercises::ExerciseDefinition* exercise = nullptr;
  int jobs = 1;            // compiles at once
  std::vector<int> gpus;   // the CUDA devices to run on; empty: none (every row needs-gpu)
  int lanes = 8;           // correctness workers per GPU
  std::uint64_t seed = 0;  // 0: a fresh one
  int level = 0;           // the level "all-goals" means (0: every goal)
  bool counters = true, timing = true;
  lab::CompileLimits limits;
  double runLimitMs = 2000;
  std::vector<HostFrame> photos;
};

struct GradeProgress {
  int done = 0, total = 0;
};

class Grader {
 public:
  // `cuda` compiles (and runs, with settings.gpus); null: every row says why nothing compiles.
  // nullptr: nothing compiles (or runs) here, and every submission's row says so.
  Grader(KernelCompilerBackend* compiler, KernelRunnerBackend* runner, GradeSettings settings);
  ~Grader();

  // Grades `submissions`: one row each, sorted by student, except those left out when `stop` was
  // set (the rows so far come back). `cached` (by source hash) stands in for unchanged ones.
  // `progress` is called from the grading threads.
  std::vector<GradeRow> grade(const std::vector<Submission>& submissions, const std::vector<GradeRow>& cached,
                              const std::function<void(const GradeProgress&)>& progress, const std::atomic<bool>& stop);

  std::uint64_t seed() const { return seed_; }
  const std::vector<std::string>& deviceNames() const { return deviceNames_; }
  // What makes a row of this run reusable later: the exercise, its version and the options.
  std::string cacheSalt() const;
  // Where the time went: the wall time of the compiles, the correctness checks (and profiles), the times.
  const double* phaseSeconds() const { return phaseSeconds_; }

 private:
  struct Job;
  struct Run;
  static std::vector<GradeRow> rowsSoFar(const std::vector<Job>& jobs);
  KernelCompilerBackend* compiler_;
  KernelRunnerBackend* runner_;
  GradeSettings settings_;
  std::uint64_t seed_ = 0;
  std::vector<std::string> deviceNames_;
  double phaseSeconds_[3] = {0, 0, 0};
};

}  // namespace kc
