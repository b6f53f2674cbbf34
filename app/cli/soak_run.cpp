#include "app/cli/soak_run.hpp"

#include <algorithm>
#include <chrono>
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
  std::optional<double> rss, device;
};

Sample sample(int frame) { return {frame, residentMemoryMiB(), deviceMemoryUsedMiB()}; }

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
  std::fprintf(out, "soak: %-5s frame %d/%d  %dx%d  rss %s  device used %s\n", what, s.frame, frames, size.width,
               size.height, mib(s.rss).c_str(), mib(s.device).c_str());
  std::fflush(out);
}

}  // namespace

bool runSoak(FramePipeline& pipeline, const SoakOptions& options, std::FILE* out) {
  const std::vector<Size> sizes = soakSizes(options.width, options.height);
  const std::vector<FilterChain> chains = soakChains(options.chain.empty() ? defaultFilterChain() : options.chain);
  const int cycle = static_cast<int>(std::max(sizes.size(), chains.size()));
  // At least two full cycles when the run allows: the first warms every size and chain up.
  const int period = std::clamp(options.frames / (2 * cycle), 1, 100);
  const int warmUpEnd = std::min(options.frames, period * cycle);
  const int reportEvery = std::max(1, options.frames / 10);

  Size size = sizes[0];
  PatternSource source(size.width, size.height);
  pipeline.setChain(chains[0]);
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
      pipeline.setChain(chains[static_cast<std::size_t>(i / period) % chains.size()]);
    (void)pipeline.process(source.frameAt(i));
    const int done = i + 1;
    if (done == warmUpEnd) warm = sample(done);
    if (done % reportEvery == 0 && done < options.frames) print(out, "", sample(done), options.frames, size);
  }
  const double msPerFrame =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count() / options.frames;
  const Sample end = sample(options.frames);
  print(out, "end", end, options.frames, size);

  auto within = [&](const std::optional<double>& from, const std::optional<double>& to) {
    return !from || !to || *to - *from <= options.allowedGrowthMiB;
  };
  const bool ok = within(warm.rss, end.rss) && within(warm.device, end.device);
  std::fprintf(out,
               "soak: verdict %s: rss %s after warm-up (%s at frame %d -> %s at frame %d; %s since start), device "
               "%s; %d frames, %zu sizes, %zu chains, size change every %d frames, %.2f ms/frame\n",
               ok ? "OK" : "GROWING", growth(warm.rss, end.rss).c_str(), mib(warm.rss).c_str(), warm.frame,
               mib(end.rss).c_str(), end.frame, growth(start.rss, end.rss).c_str(),
               growth(warm.device, end.device).c_str(), options.frames, sizes.size(), chains.size(), period,
               msPerFrame);
  return ok;
}

}  // namespace kc
