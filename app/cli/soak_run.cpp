#include "app/cli/soak_run.hpp"

#include <algorithm>
#include <chrono>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <optional>
#include <string>
#include <vector>

#include "app/cli/memory_usage.hpp"
#include "app/sources/pattern_source.hpp"

namespace kc {

namespace {

struct Size {
  int width, height;
};

constexpr int kSoakCycle = 6;  // max(sizes, chains) below: one of each per cycle

int oddAtLeastOne(int v) { return std::max(1, v) | 1; }

// The first size, then odd ones no block size divides, a tall and a wide strip, and 1x1.
std::vector<Size> soakSizes(int w, int h) {
  return {{w, h},
          {oddAtLeastOne(w / 2), oddAtLeastOne(h / 2)},
          {oddAtLeastOne(w / 4), h},
          {w, oddAtLeastOne(h / 4)},
          {1, 1}};
}

// The first chain, then presets, sizes and borders that take other code paths (separable or not,
// grey or colour, transposed, histogram bins).
std::vector<FilterChain> soakChains(const FilterChain& first) {
  std::vector<FilterChain> chains{first};
  for (const char* text : {"gray=bt601,conv=gauss:3:reflect", "conv=box:7:zero,hist=64",
                           "gray,conv=sobelx:5,transpose,hist=16", "conv=sharpen:3,transpose,transpose",
                           "conv=custom:3:0 -1 0 -1 5 -1 0 -1 0:clamp,hist"})
    chains.push_back(parseFilterChain(text));
  return chains;
}

struct Sample {
  int frame = 0;
  std::optional<double> rss, device, peak;
};

Sample sample(int frame) { return {frame, residentMemoryMiB(), deviceMemoryUsedMiB(), peakResidentMemoryMiB()}; }

std::string mib(const std::optional<double>& v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MiB", v.value_or(0.0));
  return v ? text : "n/a";
}

std::string growth(const std::optional<double>& from, const std::optional<double>& to) {
  if (!from || !to) return "n/a";
  char text[32];
  std::snprintf(text, sizeof text, "%+.1f MiB", *to - *from);
  return text;
}

void print(std::FILE* out, const char* what, const Sample& s, int frames, const Size& size) {
  std::fprintf(out, "soak: %-8s frame %d/%d  %dx%d  rss %s  peak rss %s  device used %s\n", what, s.frame, frames,
               size.width, size.height, mib(s.rss).c_str(), mib(s.peak).c_str(), mib(s.device).c_str());
  std::fflush(out);
}

}  // namespace

int soakPeriod(int frames) {
  // At least two full cycles when the run allows: the first warms every size and chain up.
  return std::clamp(frames / (2 * kSoakCycle), 1, 100);
}

int soakWarmUpFrames(int frames, int period) { return std::min(frames, period * kSoakCycle); }

bool runSoak(const std::function<std::unique_ptr<FramePipeline>()>& makePipeline, const SoakOptions& options,
             std::FILE* out, int periodAsked) {
  const std::vector<Size> sizes = soakSizes(options.width, options.height);
  const std::vector<FilterChain> chains = soakChains(options.chain.empty() ? defaultFilterChain() : options.chain);
  const int period = periodAsked > 0 ? periodAsked : soakPeriod(options.frames);
  const int warmUpEnd = soakWarmUpFrames(options.frames, period);
  const int reportEvery = std::max(1, options.frames / 10);

  Size size = sizes[0];
  std::unique_ptr<FramePipeline> pipeline = makePipeline();
  std::fprintf(out, "soak: backend %s (%s)\n", pipeline->backendName().c_str(), pipeline->deviceName().c_str());
  PatternSource source(size.width, size.height);
  pipeline->setChain(chains[0]);
  const Sample start = sample(0);
  Sample warm = start;
  print(out, "start", start, options.frames, size);
  const auto began = std::chrono::steady_clock::now();
  for (int i = 0; i < options.frames; ++i) {
    if (i > 0 && i % period == 0) {
      size = sizes[static_cast<std::size_t>(i / period) % sizes.size()];
      source = PatternSource(size.width, size.height);
    }
    if (i % period == period / 2 && i >= period)
      pipeline->setChain(chains[static_cast<std::size_t>(i / period) % chains.size()]);
    (void)pipeline->process(source.frameAt(i));
    const int done = i + 1;
    if (done == warmUpEnd) warm = sample(done);
    if (done % reportEvery == 0 && done < options.frames) print(out, "", sample(done), options.frames, size);
  }
  const double msPerFrame =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count() / options.frames;
  const Sample end = sample(options.frames);
  print(out, "end", end, options.frames, size);
  // Shutdown is part of the run: what the pipeline's destruction leaves, and any peak it makes.
  pipeline.reset();
  const Sample shutdown = sample(options.frames);
  print(out, "shutdown", shutdown, options.frames, size);

  auto within = [&](const std::optional<double>& from, const std::optional<double>& to) {
    return !from || !to || *to - *from <= options.allowedGrowthMiB;
  };
  const bool ok = within(warm.rss, end.rss) && within(warm.rss, shutdown.rss) && within(warm.peak, shutdown.peak) &&
                  within(warm.device, end.device) && within(warm.device, shutdown.device);
  std::fprintf(out,
               "soak: run %s: rss %s after warm-up (%s at frame %d -> %s at frame %d, %s after shutdown; %s since "
               "start), peak rss %s after warm-up (%s -> %s), device %s (%s after shutdown); %d frames, %zu sizes, "
               "%zu chains, size change every %d frames, %.2f ms/frame\n",
               ok ? "OK" : "GROWING", growth(warm.rss, end.rss).c_str(), mib(warm.rss).c_str(), warm.frame,
               mib(end.rss).c_str(), end.frame, mib(shutdown.rss).c_str(), growth(start.rss, end.rss).c_str(),
               growth(warm.peak, shutdown.peak).c_str(), mib(warm.peak).c_str(), mib(shutdown.peak).c_str(),
               growth(warm.device, end.device).c_str(), growth(warm.device, shutdown.device).c_str(), options.frames,
               sizes.size(), chains.size(), period, msPerFrame);
  return ok;
}

namespace {

struct ChildRun {
  int exitCode = -1;  // -1: killed by a signal or not started
  double peakMiB = 0;
};

// posix_spawn + wait4: the child's exit status and its peak resident set over its whole life.
std::optional<ChildRun> runChild(const std::vector<std::string>& command, bool showOutput) {
  std::vector<char*> argv;
  for (const std::string& arg : command) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!showOutput) posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  std::fflush(stdout);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return std::nullopt;
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) != pid) return std::nullopt;
  ChildRun run;
  run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.peakMiB = static_cast<double>(usage.ru_maxrss) / 1024.0;  // KiB on Linux
  return run;
}

}  // namespace

bool superviseSoak(const std::vector<std::string>& command, int frames, double allowedGrowthMiB, std::FILE* out) {
  const int period = soakPeriod(frames);
  const int warmUp = soakWarmUpFrames(frames, period);
  std::vector<std::string> child = command;
  for (const std::string& arg : {std::string("--soak-child"), std::string("--soak-period"), std::to_string(period)})
    child.push_back(arg);
  std::vector<std::string> baseline = child;  // the last --frames wins
  baseline.push_back("--frames");
  baseline.push_back(std::to_string(warmUp));
  child.push_back("--frames");
  child.push_back(std::to_string(frames));

  const std::optional<ChildRun> full = runChild(child, true);
  if (!full || full->exitCode != 0) {
    const bool started = full && full->exitCode >= 0;
    std::fprintf(out, "soak: verdict %s\n",
                 !started                ? "FAILED: the soak process could not be started or died"
                 : full->exitCode == 1 ? "GROWING: see the run line above"
                                         : "FAILED: the soak process stopped with an error (above)");
    return false;
  }
  const std::optional<ChildRun> reference = runChild(baseline, false);
  if (!reference || reference->exitCode < 0) {
    std::fprintf(out, "soak: verdict FAILED: the warm-up-only run could not be started or died\n");
    return false;
  }
  const double growth = full->peakMiB - reference->peakMiB;
  const bool ok = growth <= allowedGrowthMiB;
  std::fprintf(out,
               "soak: verdict %s: run OK; whole-run peak rss %+.1f MiB over a warm-up-only run (%.1f MiB for %d "
               "frames vs %.1f MiB for %d frames, process exit included, from wait4)\n",
               ok ? "OK" : "GROWING", growth, full->peakMiB, frames, reference->peakMiB, warmUp);
  return ok;
}

}  // namespace kc
