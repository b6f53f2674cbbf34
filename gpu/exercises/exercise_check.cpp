#include "gpu/exercises/exercise_check.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>
#include <random>

#include "gpu/core/error.hpp"
#include "gpu/exercises/exercise_launch.hpp"
#include "gpu/exercises/exercise_registry.hpp"
#include "gpu/lab/kernel_analysis.hpp"
#include "gpu/exercises/worst_line.hpp"

namespace kc::exercises {
namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

std::string fixed(double value, int digits) {
  char text[48];
  std::snprintf(text, sizeof text, "%.*f", digits, value);
  return text;
}

// "0.412 ms", "12.3 us": three significant figures read best.
std::string formatTime(double ms) {
  if (ms < 0.1) return fixed(ms * 1000, ms < 0.01 ? 2 : 1) + " us";
  return fixed(ms, ms < 1 ? 3 : ms < 10 ? 2 : 1) + " ms";
}

double median(std::vector<float> values) {
  if (values.empty()) return 0;
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  return values[values.size() / 2];
}

std::uint64_t freshSeed() {
  std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) ^ device() ^
         static_cast<std::uint64_t>(Clock::now().time_since_epoch().count());
}

// Compiles kernelcam's own versions once per process and text (the grader checks hundreds).
const lab::CompiledKernel& builtInKernel(const ExerciseDefinition& exercise, const std::string& file,
                                         const ExerciseToolchain& toolchain) {
  static std::mutex mutex;
  static std::map<std::string, lab::CompiledKernel> compiled;
  const std::string text = exerciseFile(exercise, file);
  const std::string key = exercise.id + "/" + file + "\n" + text;
  std::lock_guard lock(mutex);
  if (const auto found = compiled.find(key); found != compiled.end()) return found->second;
  lab::CompiledKernel kernel =
      compileExerciseKernel(exercise, {"kernelcam:" + exercise.id + "/" + file, text}, toolchain, std::nullopt);
  if (!kernel.ok()) {
    std::string first = kernel.diagnostics.empty() ? "no message" : lab::formatDiagnostic(kernel.diagnostics.front());
    KC_FAIL("exercise check",
            exercise.id + ": kernelcam's own " + file + " does not compile (a kernelcam bug): " + first);
  }
  return compiled.emplace(key, std::move(kernel)).first->second;
}

// Times of kernelcam's versions by exercise, file, device and case: measured once per process.
struct TimeCache {
  std::mutex mutex;
  std::map<std::string, double> ms;
};
TimeCache& timeCache() {
  static TimeCache cache;
  return cache;
}

// Runs one case with `kernel` loaded: the outcome, and the result for the caller's timing.
struct CaseRun {
  CaseOutcome outcome;
  lab::BufferLaunchResult result;
  bool stopsTheCheck = false;  // a fault or a hang: the later cases are not run
};

CaseRun runCase(const ExerciseDefinition& exercise, const lab::CompiledKernel& kernel, const ExerciseCase& c,
                lab::BufferDevice& device, int launches, bool evict, bool profile) {
  CaseRun run;
  run.outcome.label = c.label;
  const LaunchShape shape = launchShape(exercise, kernel.analysis.annotations, c);
  if (!shape.failure.empty()) {
    run.outcome.ran = true;
    run.outcome.message = c.label + ": " + shape.failure;
    return run;
  }
  lab::BufferLaunch launch = buildLaunch(exercise, c, shape);
  launch.launches = launches;
  launch.evictCaches = evict;
  launch.profileLines = profile;
  run.result = device.run(launch);
  run.outcome.ran = true;
  if (!run.result.ok()) {
    run.outcome.message = c.label + ": " + run.result.message;
    run.stopsTheCheck =
        run.result.status == lab::LaunchStatus::Fault || run.result.status == lab::LaunchStatus::TimedOut;
    return run;
  }
  run.outcome.message = compareOutputs(c, launch, run.result);
  if (!run.outcome.message.empty()) run.outcome.message = c.label + ": " + run.outcome.message;
  run.outcome.passed = run.outcome.message.empty();
  return run;
}

// Time of kernelcam's `file` version on the timed case (cached).
double builtInTime(const ExerciseDefinition& exercise, const std::string& file, const ExerciseCase& timed,
                   const ExerciseToolchain& toolchain, const CheckOptions& options, std::string* failure) {
  lab::BufferDevice& device = *toolchain.device;
  const std::string key =
      exercise.id + "#" + std::to_string(exercise.version) + "/" + file + "@" + device.name() + "/" + timed.label;
  {
    std::lock_guard lock(timeCache().mutex);
    if (const auto found = timeCache().ms.find(key); found != timeCache().ms.end()) return found->second;
  }
  const lab::CompiledKernel& kernel = builtInKernel(exercise, file, toolchain);
  device.load(kernel);
  const CaseRun run = runCase(exercise, kernel, timed, device, options.timedLaunches, true, false);
  if (!run.outcome.passed) {
    *failure = "kernelcam's own " + file + " failed (a kernelcam bug): " + run.outcome.message;
    return 0;
  }
  const double ms = median(run.result.kernelMs);
  std::lock_guard lock(timeCache().mutex);
  timeCache().ms[key] = ms;
  return ms;
}

GoalOutcome goal(const std::string& id, int level, const std::string& title, const std::string& why) {
  GoalOutcome g;
  g.id = id;
  g.level = level;
  g.title = title;
  g.why = why;
  return g;
}

// The line a timing goal points at: the student's line furthest from ideal memory access, else the
// one that executes the most instructions.
int lineToLookAt(const std::vector<lab::LineFigures>& ofFile) {
  const auto excess = [](const lab::LineFigures& l) { return lab::memoryExcess(l); };
  if (const int line = worstLine(
          ofFile, [&](const lab::LineFigures& l) { return excess(l) > 1.2; }, excess))
    return line;
  return worstLine(
      ofFile, [](const lab::LineFigures&) { return true; },
      [](const lab::LineFigures& l) { return static_cast<double>(l.instructions); });
}

void timingGoals(const ExerciseDefinition& exercise, CheckReport& report, const std::string& notMeasured,
                 std::vector<GoalOutcome>& goals) {
  GoalOutcome naive = goal(kGoalBeatsNaive, 2, "Faster than kernelcam's naive version", exercise.goalWhyNaive);
  GoalOutcome optimised =
      goal(kGoalNearOptimised, 3, "Within " + fixed(kNearOptimisedRatio, 2) + "x of kernelcam's optimised version",
           exercise.goalWhyOptimised);
  if (report.studentMs && report.naiveMs && report.optimisedMs) {
    const double s = *report.studentMs;
    const bool belowFloor = report.copyFloorMs && s < 0.7 * *report.copyFloorMs;
    naive.measured = optimised.measured = true;
    if (belowFloor) {
      const std::string why = formatTime(s) + " is below the " + formatTime(*report.copyFloorMs) +
                              " a device copy of the same bytes takes: not a valid time (does the kernel skip work?)";
      naive.figure = optimised.figure = why;
    } else {
      naive.met = s < *report.naiveMs;
      naive.figure = formatTime(s) + ": " + fixed(*report.naiveMs / s, 2) + "x the speed of the naive " +
                     formatTime(*report.naiveMs);
      const double ratio = s / *report.optimisedMs;
      optimised.met = ratio <= kNearOptimisedRatio;
      optimised.figure = formatTime(s) + ": " + fixed(ratio, 2) + "x the time of the optimised " +
                         formatTime(*report.optimisedMs) + " (goal: at most " + fixed(kNearOptimisedRatio, 2) + "x)";
    }
    const int line = lineToLookAt(lab::linesOfFile(report.lines, report.path));
    naive.line = naive.met ? 0 : line;
    optimised.line = optimised.met ? 0 : line;
    naive.advice = "Read the statement's \"naive\" and \"faster\" paragraphs; `kernelcam exercise hint " + exercise.id +
                   "` gives the next hint.";
    optimised.advice = naive.advice;
  } else {
    naive.figure = optimised.figure = !notMeasured.empty() ? notMeasured
                                      : report.correct     ? "not measured"
                                                           : "not measured: the kernel is not correct yet";
  }
  goals.push_back(std::move(naive));
  goals.push_back(std::move(optimised));
}

}  // namespace

lab::CompiledKernel compileExerciseKernel(const ExerciseDefinition& exercise, const lab::KernelSource& source,
                                          const ExerciseToolchain& toolchain,
                                          const std::optional<lab::CompileLimits>& limits) {
  lab::CompileOptions options;
  options.lineInfo = true;  // the counter goals' profile maps instructions to lines; the code is the same
  options.contract = entryContract(exercise);
  options.limits = limits;
  lab::CompiledKernel kernel = toolchain.compile(source, options);
  if (kernel.ok()) {
    std::vector<lab::Diagnostic> problems =
        launchAnnotationProblems(exercise, source.path, kernel.analysis.annotations);
    kernel.diagnostics.insert(kernel.diagnostics.end(), problems.begin(), problems.end());
    if (lab::hasErrors(problems)) kernel.cubin.clear();  // not runnable: ok() is false
  }
  return kernel;
}

const ExerciseDefinition* exerciseOfSource(const lab::KernelSource& source, std::string* why) {
  const lab::KernelAnalysis analysis = lab::analyzeKernel(source);
  const std::string& id = analysis.annotations.exercise;
  if (id.empty()) {
    *why = source.path +
           ": no `// @exercise ID` line says which exercise the kernel solves "
           "(kernelcam exercise start ID writes a file with it; kernelcam exercise list)";
    return nullptr;
  }
  const ExerciseDefinition* exercise = exerciseRegistry().find(id);
  if (!exercise)
    *why = source.path + ":" + std::to_string(analysis.annotations.exerciseLine) + ": no exercise '" + id +
           "' (kernelcam exercise list)";
  return exercise;
}

bool goalsMetUpTo(const CheckReport& report, int level) {
  if (level <= 0) level = report.maxLevel;
  for (const GoalOutcome& g : report.goals)
    if (g.level <= level && !g.met) return false;
  return !report.goals.empty();
}

CheckReport beginReport(const ExerciseDefinition& exercise, const lab::KernelSource& source,
                        const lab::CompiledKernel& kernel, const CheckOptions& options) {
  CheckReport report;
  report.exercise = exercise.id;
  report.path = source.path;
  report.seed = options.seed ? options.seed : freshSeed();
  report.maxLevel = 3;
  for (const CounterGoal& g : exercise.counterGoals) report.maxLevel = std::max(report.maxLevel, g.level);
  report.compileMs = kernel.compileMs;
  report.diagnostics = kernel.diagnostics;
  report.compiled = kernel.ok();
  return report;
}

std::vector<ExerciseCase> checkCases(const ExerciseDefinition& exercise, const CheckReport& report,
                                     const CheckOptions& options) {
  return exercise.cases(CaseOptions{report.seed, options.photos});
}

const ExerciseCase* timedCase(const std::vector<ExerciseCase>& cases) {
  for (const ExerciseCase& c : cases)
    if (c.timed) return &c;
  return nullptr;
}

void runCorrectness(const ExerciseDefinition& exercise, const lab::CompiledKernel& kernel,
                    const std::vector<ExerciseCase>& cases, lab::BufferDevice& device, const CheckOptions& options,
                    bool timeTheTimedCase, CheckReport& report) {
  report.ran = true;
  report.device = device.name();
  device.load(kernel);
  bool stopped = false;
  for (const ExerciseCase& c : cases) {
    if (stopped) {
      report.cases.push_back(
          {c.label, false, false, c.label + ": not run (the kernel faulted or hung on an earlier input)"});
      continue;
    }
    // The timed case is checked on the last of its timed launches where it is timed here.
    const bool timeIt = c.timed && timeTheTimedCase;
    CaseRun run = runCase(exercise, kernel, c, device, timeIt ? options.timedLaunches : 1, timeIt, false);
    stopped = run.stopsTheCheck;
    if (timeIt && run.outcome.passed) report.studentMs = median(run.result.kernelMs);
    report.cases.push_back(std::move(run.outcome));
  }
  report.correct = !cases.empty() &&
                   std::all_of(report.cases.begin(), report.cases.end(), [](const CaseOutcome& c) { return c.passed; });
}

void measureTimes(const ExerciseDefinition& exercise, const lab::CompiledKernel& kernel,
                  const std::vector<ExerciseCase>& cases, const ExerciseToolchain& toolchain,
                  const CheckOptions& options, CheckReport& report) {
  const ExerciseCase* timed = timedCase(cases);
  if (!report.correct || !timed || !toolchain.device) return;
  lab::BufferDevice& device = *toolchain.device;
  if (!report.studentMs) {  // not timed with the correctness run: the grader's timing phase
    device.load(kernel);
    const CaseRun run = runCase(exercise, kernel, *timed, device, options.timedLaunches, true, false);
    if (!run.outcome.passed) {  // right once, wrong when timed: not correct after all
      report.correct = false;
      report.cases.back() = run.outcome;
      return;
    }
    report.studentMs = median(run.result.kernelMs);
  }
  std::string failure;
  report.copyFloorMs = device.deviceCopyMs(std::max<std::uint64_t>(timed->minBytes / 2, 4));
  report.naiveMs = builtInTime(exercise, exercise.naiveFile, *timed, toolchain, options, &failure);
  if (failure.empty())
    report.optimisedMs = builtInTime(exercise, exercise.optimisedFile, *timed, toolchain, options, &failure);
  if (!failure.empty()) KC_FAIL("exercise check", exercise.id + ": " + failure);
}

void measureCounters(const ExerciseDefinition& exercise, const lab::CompiledKernel& kernel,
                     const std::vector<ExerciseCase>& cases, lab::BufferDevice& device, CheckReport& report) {
  const ExerciseCase* timed = timedCase(cases);
  if (!report.correct || !timed) return;
  device.load(kernel);
  CaseRun run = runCase(exercise, kernel, *timed, device, 1, false, true);
  report.lines = std::move(run.result.lines);
  report.missingCounters = run.result.missingCounters;
  if (report.lines.empty() && !run.result.profileNote.empty()) report.missingCounters.push_back(run.result.profileNote);
  if (report.lines.empty() && !run.outcome.message.empty()) report.missingCounters.push_back(run.outcome.message);
  const LaunchShape shape = launchShape(exercise, kernel.analysis.annotations, *timed);
  report.blocks = std::uint64_t{shape.grid[0]} * shape.grid[1] * shape.grid[2];
  report.threadsPerBlock = std::uint64_t{shape.block[0]} * shape.block[1] * shape.block[2];
  report.profiled = true;
}

void finishGoals(const ExerciseDefinition& exercise, const std::vector<ExerciseCase>& cases,
                 const std::string& sourceText, const CheckOptions& options, CheckReport& report) {
  std::vector<GoalOutcome> goals;
  GoalOutcome correct = goal(kGoalCorrect, 1, "Correct on every hidden input",
                             "Every output matches kernelcam's reference, on inputs of awkward sizes the statement "
                             "does not show.\nA fast kernel is only worth timing once it is right.");
  const std::string notMeasured = !report.compiled ? "not measured: the kernel does not compile"
                                  : !report.ran    ? "not measured: no CUDA device"
                                                   : "";
  if (report.ran) {
    correct.measured = true;
    correct.met = report.correct;
    std::size_t passed = 0;
    for (const CaseOutcome& c : report.cases) passed += c.passed ? 1 : 0;
    correct.figure = std::to_string(passed) + " of " + std::to_string(report.cases.size()) + " inputs right";
    for (const CaseOutcome& c : report.cases)
      if (!c.passed) {
        correct.advice = c.message;
        break;
      }
  } else {
    correct.figure = notMeasured;
  }
  goals.push_back(std::move(correct));
  if (options.timing) timingGoals(exercise, report, notMeasured, goals);
  const ExerciseCase* timed = timedCase(cases);
  const std::vector<lab::LineFigures> ofFile = lab::linesOfFile(report.lines, report.path);
  for (const CounterGoal& counter : exercise.counterGoals) {
    GoalOutcome g = goal(counter.id, counter.level, counter.title, counter.why);
    g.advice = counter.advice;
    if (!notMeasured.empty()) {
      g.figure = notMeasured;
    } else if (!report.correct) {
      g.figure = "not measured: the kernel is not correct yet";
    } else if (report.lines.empty() || !timed) {
      g.figure = !options.counters
                     ? "not measured (counters off)"
                     : "not measured: " + (report.missingCounters.empty() ? std::string("no profile")
                                                                          : report.missingCounters.front());
    } else {
      const CounterVerdict verdict = counter.measure(
          {report.lines, ofFile, *timed, report.blocks, report.threadsPerBlock, report.missingCounters, sourceText});
      g.measured = verdict.measured;
      g.met = verdict.measured && verdict.met;
      g.figure = verdict.figure;
      g.line = g.met ? 0 : verdict.line;
    }
    goals.push_back(std::move(g));
  }
  std::stable_sort(goals.begin(), goals.end(),
                   [](const GoalOutcome& a, const GoalOutcome& b) { return a.level < b.level; });
  report.goals = std::move(goals);
  report.levelReached = 0;
  for (int level = 1; level <= report.maxLevel && goalsMetUpTo(report, level); ++level) report.levelReached = level;
}

CheckReport checkExercise(const ExerciseDefinition& exercise, const lab::KernelSource& source,
                          const ExerciseToolchain& toolchain, const CheckOptions& options) {
  const Clock::time_point start = Clock::now();
  const lab::CompiledKernel kernel = compileExerciseKernel(exercise, source, toolchain, options.limits);
  CheckReport report = beginReport(exercise, source, kernel, options);
  std::vector<ExerciseCase> cases;
  if (report.compiled && toolchain.device) {
    cases = checkCases(exercise, report, options);
    runCorrectness(exercise, kernel, cases, *toolchain.device, options, options.timing, report);
    if (options.timing) measureTimes(exercise, kernel, cases, toolchain, options, report);
    // The profile: for the counter goals, and for the line a missed time goal points at.
    if (options.counters && (!exercise.counterGoals.empty() || options.timing))
      measureCounters(exercise, kernel, cases, *toolchain.device, report);
  }
  finishGoals(exercise, cases, source.text, options, report);
  report.checkMs = msSince(start);
  return report;
}

}  // namespace kc::exercises
