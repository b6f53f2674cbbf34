#include "app/exercises/grader.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <stdexcept>
#include <thread>

#include "gpu/exercises/exercise_check.hpp"
#include "gpu/core/error.hpp"
#include "gpu/plugin/kernel_compiler_backend.hpp"
#include "gpu/plugin/kernel_runner_backend.hpp"

namespace kc {
namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Runs `work(i)` for i in [0, count) on `threads` threads, taking the next index as each finishes,
// until `stop` is set.
void forEachOn(int threads, std::size_t count, const std::atomic<bool>& stop,
               const std::function<void(std::size_t)>& work) {
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < std::max(1, threads); ++t)
    pool.emplace_back([&] {
      for (std::size_t i = next++; i < count && !stop; i = next++) work(i);
    });
  for (std::thread& thread : pool) thread.join();
}

}  // namespace

// One submission on its way through the phases.
struct Grader::Job {
  const Submission* submission = nullptr;
  std::string hash;
  bool done = false;
  GradeRow row;
  lab::KernelSource source;
  lab::CompiledKernel kernel;
  exercises::CheckReport report;
  double ms = 0;  // the time its own steps took (not the batch's wall time)
};

Grader::Grader(KernelCompilerBackend* compiler, KernelRunnerBackend* runner, GradeSettings settings)
    : compiler_(compiler), runner_(runner), settings_(std::move(settings)) {
  std::random_device random;
  seed_ = settings_.seed ? settings_.seed : (static_cast<std::uint64_t>(random()) << 32 | random());
}

Grader::~Grader() = default;

std::string Grader::cacheSalt() const {
  const exercises::ExerciseDefinition& e = *settings_.exercise;
  return e.id + "#" + std::to_string(e.version) + " level " + std::to_string(settings_.level) +
         (settings_.counters ? " counters" : "") + (settings_.timing ? " timing" : "") + " limit " +
         std::to_string(settings_.runLimitMs) + " compile " + std::to_string(settings_.limits.memoryMiB) + " MiB " +
         std::to_string(settings_.limits.seconds) + " s" + (settings_.gpus.empty() ? " no gpu" : " gpu");
}

// One call of grade(): its jobs, the devices it runs them on, and the phases they go through.
struct Grader::Run {
  Grader& grader;
  const exercises::ExerciseDefinition& exercise;
  const std::function<void(const GradeProgress&)>& progress;
  const std::atomic<bool>& stop;
  std::vector<Job> jobs;
  std::mutex progressMutex;
  int doneCount = 0;
  exercises::CheckOptions options;
  exercises::ExerciseToolchain compiler;
  // The devices, made once: `lanes` lab workers per GPU.
  struct Lane {
    int gpu = 0;
    std::unique_ptr<lab::BufferDevice> device;
  };
  std::vector<Lane> lanes;
  std::vector<lab::BufferDevice*> timers;  // one lane per GPU times, with the GPU to itself
  std::string noDevice = "no GPU asked for";
  std::vector<exercises::ExerciseCase> cases;  // every student's hidden inputs: the same seed

  void finish(Job& job, GradeRow row);
  void finishReport(Job& job, const std::vector<exercises::ExerciseCase>& withCases);
  void failed(Job& job, const std::string& status, const std::string& reason);
  std::vector<Job*> takeCachedAndUngradable(const std::vector<Submission>& submissions,
                                            const std::vector<GradeRow>& cached);
  void startLanes();
  void compile(const std::vector<Job*>& chunk);
  void checkCorrectness(const std::vector<Job*>& toRun);
  void measureTimes(const std::vector<Job*>& toTime);
};

void Grader::Run::finish(Job& job, GradeRow row) {
  // After a stop, a row may be the stop's doing (Ctrl+C reaches the compiler and worker processes
  // too): it is left out, and graded on the next run.
  if (stop) return;
  row.sourceHash = job.hash;
  job.row = std::move(row);
  job.done = true;
  const std::lock_guard lock(progressMutex);
  ++doneCount;
  if (progress) progress({doneCount, static_cast<int>(jobs.size())});
}

void Grader::Run::finishReport(Job& job, const std::vector<exercises::ExerciseCase>& withCases) {
  exercises::finishGoals(exercise, withCases, job.source.text, options, job.report);
  job.report.checkMs = job.ms;
  finish(job, gradeRow(job.submission->student, job.submission->path, job.report, grader.settings_.level));
}

void Grader::Run::failed(Job& job, const std::string& status, const std::string& reason) {
  finish(job, problemRow(job.submission->student, job.submission->path, status, reason));
}

// Phase 0: submissions that cannot be graded, and the cache's rows. Returns the jobs left to compile.
std::vector<Grader::Job*> Grader::Run::takeCachedAndUngradable(const std::vector<Submission>& submissions,
                                                               const std::vector<GradeRow>& cached) {
  std::map<std::string, const GradeRow*> byHash;
  for (const GradeRow& row : cached)
    if (!row.sourceHash.empty()) byHash[row.sourceHash] = &row;
  const std::string salt = grader.cacheSalt();
  std::vector<Job*> toCompile;
  for (std::size_t i = 0; i < submissions.size(); ++i) {
    Job& job = jobs[i];
    job.submission = &submissions[i];
    if (!submissions[i].problem.empty()) {
      failed(job, kStatusNotGradable, submissions[i].problem);
      continue;
    }
    job.hash = submissionHash(submissions[i], salt);
    if (const auto found = byHash.find(job.hash); found != byHash.end()) {
      GradeRow row = *found->second;
      row.student = submissions[i].student;
      row.submission = submissions[i].path;
      row.cached = true;
      finish(job, row);
      continue;
    }
    toCompile.push_back(&job);
  }
  return toCompile;
}

// The lanes, started all at once: each lane's workers spend most of their start in CUDA's set-up. A
// GPU whose worker cannot start is left out.
void Grader::Run::startLanes() {
  const GradeSettings& settings = grader.settings_;
  std::vector<Lane> started;
  for (int gpu : settings.gpus)
    for (int l = 0; l < std::max(1, settings.lanes); ++l) started.push_back({gpu, nullptr});
  // A profile runs in a worker of its own, started ahead; without counter goals no lane needs one
  // (each worker's start is a CUDA context, created one at a time by the driver: ~0.2 s each).
  const bool profiles = settings.counters && !exercise.counterGoals.empty();
  std::vector<std::string> failures(started.size());
  std::vector<std::thread> starting;
  for (std::size_t i = 0; i < started.size(); ++i)
    starting.emplace_back([&, i] {
      try {
        if (!grader.runner_) throw std::runtime_error("this backend runs no kernels of the lab");
        started[i].device = grader.runner_->makeBufferDevice(started[i].gpu, settings.runLimitMs, profiles);
      } catch (const std::exception& error) {
        failures[i] = error.what();
      }
    });
  for (std::thread& thread : starting) thread.join();
  for (std::size_t i = 0; i < started.size(); ++i) {
    if (!started[i].device) {
      noDevice = failures[i];
      continue;
    }
    const bool firstOfItsGpu =
        std::none_of(lanes.begin(), lanes.end(), [&](const Lane& l) { return l.gpu == started[i].gpu; });
    lanes.push_back(std::move(started[i]));
    if (firstOfItsGpu) {
      grader.deviceNames_.push_back(lanes.back().device->name());
      timers.push_back(lanes.back().device.get());
    }
  }
}

// Phase 1: read and compile, `jobs` at once.
void Grader::Run::compile(const std::vector<Job*>& chunk) {
  const GradeSettings& settings = grader.settings_;
  forEachOn(settings.jobs, chunk.size(), stop, [&](std::size_t n) {
    Job& job = *chunk[n];
    const Clock::time_point start = Clock::now();
    try {
      job.source = lab::readKernelSource(job.submission->kernelPath);
      job.kernel = exercises::compileExerciseKernel(exercise, job.source, compiler, settings.limits);
    } catch (const InvalidArgument& error) {  // a file the lab cannot use: one line, as `exercise check` says it
      failed(job, kStatusNotGradable, error.what());
      return;
    } catch (const std::exception& error) {  // the compiler itself failed, not the kernel
      failed(job, kStatusNotGradable, std::string("the compile failed: ") + error.what());
      return;
    }
    job.ms = msSince(start);
    job.report = exercises::beginReport(exercise, job.source, job.kernel, options);
    if (!job.report.compiled || settings.gpus.empty()) finishReport(job, {});
    else if (lanes.empty()) failed(job, kStatusNeedsGpu, "compiles; no CUDA device could run it: " + noDevice);
  });
}

// Phase 2: correctness (and the counters' profile) on every lane at once, each taking the next.
void Grader::Run::checkCorrectness(const std::vector<Job*>& toRun) {
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> threads;
  for (Lane& lane : lanes)
    threads.emplace_back([&, device = lane.device.get()] {
      for (std::size_t i = next++; i < toRun.size() && !stop; i = next++) {
        Job& job = *toRun[i];
        const Clock::time_point start = Clock::now();
        try {
          exercises::runCorrectness(exercise, job.kernel, cases, *device, options, false, job.report);
          // A profile costs a worker of its own (CUPTI sets up once per process): the grader takes one
          // only for the counter goals (the window's and the CLI's check also use it to point a
          // missed time goal at a line).
          if (options.counters && job.report.correct && !exercise.counterGoals.empty())
            exercises::measureCounters(exercise, job.kernel, cases, *device, job.report);
        } catch (const std::exception& error) {
          failed(job, kStatusNotGradable, std::string("the check failed: ") + error.what());
          continue;
        }
        job.ms += msSince(start);
        if (!job.report.correct || !options.timing) finishReport(job, cases);
      }
    });
  for (std::thread& thread : threads) thread.join();
}

// Phase 3: the times, one lane per GPU, with the GPU to itself.
void Grader::Run::measureTimes(const std::vector<Job*>& toTime) {
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> threads;
  for (lab::BufferDevice* device : timers)
    threads.emplace_back([&, device] {
      const exercises::ExerciseToolchain toolchain{compiler.compile, device};
      for (std::size_t i = next++; i < toTime.size() && !stop; i = next++) {
        Job& job = *toTime[i];
        const Clock::time_point start = Clock::now();
        try {
          exercises::measureTimes(exercise, job.kernel, cases, toolchain, options, job.report);
        } catch (const std::exception& error) {
          failed(job, kStatusNotGradable, std::string("the check failed: ") + error.what());
          continue;
        }
        job.ms += msSince(start);
        finishReport(job, cases);
      }
    });
  for (std::thread& thread : threads) thread.join();
}

std::vector<GradeRow> Grader::grade(const std::vector<Submission>& submissions, const std::vector<GradeRow>& cached,
                                    const std::function<void(const GradeProgress&)>& progress,
                                    const std::atomic<bool>& stop) {
  Run run{*this, *settings_.exercise, progress, stop};
  run.jobs.resize(submissions.size());
  const std::vector<Job*> toCompile = run.takeCachedAndUngradable(submissions, cached);
  run.options.seed = seed_;
  run.options.timing = settings_.timing;
  run.options.counters = settings_.counters;
  run.options.limits = settings_.limits;
  run.options.photos = settings_.photos;
  if (!compiler_) {
    for (Job* job : toCompile)
      run.failed(*job, kStatusNotGradable, "nothing compiles here: this build has no CUDA backend");
    return rowsSoFar(run.jobs);
  }
  compiler_->setCompileParallelism(settings_.jobs);
  run.compiler = {[compiler = compiler_](const lab::KernelSource& s, const lab::CompileOptions& o) {
                    return compiler->compileKernel(s, o);
                  },
                  nullptr};
  run.startLanes();
  if (!run.lanes.empty()) {
    exercises::CheckReport seeded;
    seeded.seed = seed_;
    run.cases = exercises::checkCases(run.exercise, seeded, run.options);
  }

  // The class goes through the phases a part at a time, so rows are done as the run goes (a stop
  // keeps them) and the times of a part are taken while the next one waits, not after everything.
  const std::size_t part = std::max<std::size_t>(16, 2 * std::max<std::size_t>(settings_.jobs, run.lanes.size()));
  for (std::size_t from = 0; from < toCompile.size() && !stop; from += part) {
    const std::vector<Job*> chunk(toCompile.begin() + static_cast<long>(from),
                                  toCompile.begin() + static_cast<long>(std::min(toCompile.size(), from + part)));
    Clock::time_point phase = Clock::now();
    run.compile(chunk);
    phaseSeconds_[0] += msSince(phase) / 1000;
    phase = Clock::now();
    std::vector<Job*> toRun;
    for (Job* job : chunk)
      if (!job->done && job->report.compiled) toRun.push_back(job);
    run.checkCorrectness(toRun);
    phaseSeconds_[1] += msSince(phase) / 1000;
    phase = Clock::now();
    std::vector<Job*> toTime;
    for (Job* job : toRun)
      if (!job->done) toTime.push_back(job);
    run.measureTimes(toTime);
    phaseSeconds_[2] += msSince(phase) / 1000;
  }
  return rowsSoFar(run.jobs);
}

std::vector<GradeRow> Grader::rowsSoFar(const std::vector<Job>& jobs) {
  std::vector<GradeRow> rows;
  for (const Job& job : jobs)
    if (job.done) rows.push_back(job.row);
  std::stable_sort(rows.begin(), rows.end(),
                   [](const GradeRow& a, const GradeRow& b) { return a.student < b.student; });
  return rows;
}

}  // namespace kc
