#include "app/cli/soak_run.hpp"

#include <algorithm>
#include <chrono>
#include <fcntl.h>
#include <malloc.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <optional>
#include <utility>
#include <string>
#include <vector>

#include "app/diagnostics/memory_usage.hpp"
#include "app/sources/pattern_source.hpp"
#include "gpu/core/elapsed.hpp"
#include "gpu/core/error.hpp"

namespace kc {

namespace {

struct Size {
  int width, height;
};

// The size changes every period and the chain half a period later, so period p runs size p mod 5,
// with chain p mod 6 in its second half: 5 x 6 = 30 periods (5 and 6 have no common factor) run
// every (size, chain) pair. The first such cycle is the warm-up, where every pair's first-use
// allocations happen. (A cycle of 6 periods ran 12 of the 30 pairs: the full-size frame first met
// the transposing chains at period 10, a +1.0 MiB step of the peak that was counted as growth.)
constexpr int kSoakSizes = 5, kSoakChains = 6, kSoakCycle = kSoakSizes * kSoakChains;

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
  for (const char* text :
       {"gray=bt601,conv=gauss:3:reflect", "conv=box:7:zero,hist=64", "gray,conv=sobelx:5,transpose,hist=16",
        "conv=sharpen:3,transpose,transpose", "conv=custom:3:0 -1 0 -1 5 -1 0 -1 0:clamp,hist"})
    chains.push_back(parseFilterChain(text));
  return chains;
}

struct Sample {
  int frame = 0;
  std::optional<double> rss, device, peak;
};

// Resident memory counts the pages malloc keeps on its free lists (one arena per thread) as well as
// live data, and how many it keeps depends on the order of the frees: two readings of the same live
// memory differ by a MiB or more. malloc_trim(0) gives the free pages back first, so the reading is
// what the process retains. (The peak, a high-water mark, is what it was.)
Sample sample(int frame) {
  malloc_trim(0);
  return {frame, residentMemoryMiB(), deviceMemoryUsedMiB(), peakResidentMemoryMiB()};
}

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
  // At least two full cycles when the run allows: the first warms every (size, chain) pair up.
  return std::clamp(frames / (2 * kSoakCycle), 1, 100);
}

int soakWarmUpFrames(int frames, int period) { return std::min(frames, period * kSoakCycle); }

bool runSoak(const std::function<std::unique_ptr<FramePipeline>()>& newPipeline, const SoakOptions& options,
             std::FILE* out, int periodAsked) {
  const std::vector<Size> sizes = soakSizes(options.width, options.height);
  const std::vector<FilterChain> chains = soakChains(options.chain.empty() ? defaultFilterChain() : options.chain);
  KC_REQUIRE(sizes.size() == kSoakSizes && chains.size() == kSoakChains,
             "soak: the cycle counts every (size, chain) pair");
  const int period = periodAsked > 0 ? periodAsked : soakPeriod(options.frames);
  const int warmUpEnd = soakWarmUpFrames(options.frames, period);
  // Resident memory holds the buffers of the size and chain running now (a 1280x720 frame is
  // 3.5 MiB): growth is read between two points where they are the same, the end of the first
  // cycle and the end of the last whole one (size 1x1, the last chain, every pair seen).
  const int cycles = options.frames / (period * kSoakCycle);
  const int lastCycleEnd = cycles >= 2 ? cycles * period * kSoakCycle : warmUpEnd;
  const int reportEvery = std::max(1, options.frames / 10);

  // glibc serves a large block (a frame buffer) with its own mapping, but after one is freed it raises
  // that threshold to the freed size, so later frames come from the heap, where freed blocks stay
  // resident in an order that depends on the history: the peak then wandered by up to 2.5 MiB after
  // warm-up with no leak. A fixed threshold (glibc's starting value) keeps every frame-sized buffer
  // its own mapping, unmapped when freed: resident memory follows the live buffers.
  mallopt(M_MMAP_THRESHOLD, 128 * 1024);

  Size size = sizes[0];
  std::unique_ptr<FramePipeline> pipeline = newPipeline();
  std::fprintf(out, "soak: backend %s (%s)\n", toString(pipeline->backend()), pipeline->deviceName().c_str());
  std::optional<PatternSource> source(std::in_place, size.width, size.height);
  pipeline->setChain(chains[0]);
  const Sample start = sample(0);
  Sample warm = start, last = start;
  print(out, "start", start, options.frames, size);
  const auto began = std::chrono::steady_clock::now();
  for (int i = 0; i < options.frames; ++i) {
    if (i > 0 && i % period == 0) {
      size = sizes[static_cast<std::size_t>(i / period) % sizes.size()];
      source.emplace(size.width, size.height);
    }
    if (i % period == period / 2 && i >= period)
      pipeline->setChain(chains[static_cast<std::size_t>(i / period) % chains.size()]);
    (void)pipeline->process(source->frameAt(i));
    const int done = i + 1;
    if (done == warmUpEnd) warm = sample(done);
    if (done == lastCycleEnd) last = done == warmUpEnd ? warm : sample(done);
    if (done % reportEvery == 0 && done < options.frames) print(out, "", sample(done), options.frames, size);
  }
  const double msPerFrame = msSince(began) / options.frames;
  const Sample end = sample(options.frames);
  print(out, "end", end, options.frames, size);
  // Shutdown is part of the run: what the pipeline's destruction leaves, and any peak it makes.
  // The source goes too, so what is left holds no frame of any size.
  pipeline.reset();
  source.reset();
  const Sample shutdown = sample(options.frames);
  print(out, "shutdown", shutdown, options.frames, size);

  auto within = [](const std::optional<double>& from, const std::optional<double>& to, double allowed) {
    return !from || !to || *to - *from <= allowed;
  };
  const double retained = options.allowedGrowthMiB, peak = options.allowedPeakGrowthMiB;
  const bool ok = within(warm.rss, last.rss, retained) && within(warm.rss, shutdown.rss, retained) &&
                  within(warm.peak, shutdown.peak, peak) && within(warm.device, last.device, peak) &&
                  within(warm.device, shutdown.device, peak);
  std::fprintf(out,
               "soak: run %s: retained rss %s after warm-up (%s at frame %d -> %s at frame %d, both at the end of a "
               "cycle; %s after shutdown; %s since start), peak rss %s after warm-up (%s -> %s), device %s (%s after "
               "shutdown); %d frames: %d cycles of %d (%zu sizes x %zu chains, a size change every %d frames), "
               "%.2f ms/frame; limits %.0f MiB retained, %.0f MiB peak and device\n",
               ok ? "OK" : "GROWING", growth(warm.rss, last.rss).c_str(), mib(warm.rss).c_str(), warm.frame,
               mib(last.rss).c_str(), last.frame, mib(shutdown.rss).c_str(), growth(start.rss, last.rss).c_str(),
               growth(warm.peak, shutdown.peak).c_str(), mib(warm.peak).c_str(), mib(shutdown.peak).c_str(),
               growth(warm.device, last.device).c_str(), growth(warm.device, shutdown.device).c_str(), options.frames,
               std::max(cycles, 1), period * kSoakCycle, sizes.size(), chains.size(), period, msPerFrame, retained,
               peak);
  return ok;
}

namespace {

constexpr int kReferenceRuns = 2;

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
                 !started              ? "FAILED: the soak process could not be started or died"
                 : full->exitCode == 1 ? "GROWING: see the run line above"
                                       : "FAILED: the soak process stopped with an error (above)");
    return false;
  }
  // Two processes doing the same work end with whole-life peaks up to a MiB or two apart (what the
  // libraries' teardown after main touches varies): the warm-up-only run is made twice, the full
  // run is compared with the higher, and their difference is printed as the measurement's own noise.
  double referenceHigh = 0, referenceLow = 0;
  for (int i = 0; i < kReferenceRuns; ++i) {
    const std::optional<ChildRun> reference = runChild(baseline, false);
    if (!reference || reference->exitCode < 0) {
      std::fprintf(out, "soak: verdict FAILED: the warm-up-only run could not be started or died\n");
      return false;
    }
    referenceHigh = i == 0 ? reference->peakMiB : std::max(referenceHigh, reference->peakMiB);
    referenceLow = i == 0 ? reference->peakMiB : std::min(referenceLow, reference->peakMiB);
  }
  const double growth = full->peakMiB - referenceHigh;
  const bool ok = growth <= allowedGrowthMiB;
  std::fprintf(out,
               "soak: verdict %s: run OK; whole-run peak rss %+.1f MiB over the warm-up-only runs (%.1f MiB for %d "
               "frames vs %.1f MiB, the higher of %d runs of %d frames, which differ by %.1f MiB; process exit "
               "included, from wait4; limit %.0f MiB)\n",
               ok ? "OK" : "GROWING", growth, full->peakMiB, frames, referenceHigh, kReferenceRuns, warmUp,
               referenceHigh - referenceLow, allowedGrowthMiB);
  return ok;
}

}  // namespace kc
