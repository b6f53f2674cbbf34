// `kernelcam process --soak` (short, CPU backend): the memory lines appear at start, every 10%
// and end, and the memory the process retains stops growing once every size has met every chain.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <regex>
#include <sstream>
#include <vector>

#include "app/cli/soak_run.hpp"
#include "tests/support/cli_run.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"

namespace {

using kc::test::runKernelcam;

// The verdict covers the whole run, shutdown and the process's own exit included (issue 15, item 8):
// the run line compares retained memory at the end of the first and of the last cycle (the same
// size and chain) and after the pipeline is destroyed, and the peak; the verdict compares the whole
// process's peak (wait4) with two warm-up-only runs'.
TEST(CliSoak, ShortRunReportsMemoryAndStaysFlat) {
  const auto run = runKernelcam(
      {"process", "--source", "pattern", "--size", "160x120", "--frames", "300", "--soak", "--backend", "cpu"});
  ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
  std::istringstream lines(run.out);
  int starts = 0, progress = 0, ends = 0, shutdowns = 0;
  std::string runLine, verdict;
  const std::regex sampleLine(
      R"(^soak: (start   |        |end     |shutdown) frame (\d+)/300  \d+x\d+  rss [0-9.]+ MiB  peak rss [0-9.]+ MiB  device used .*$)");
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_match(line, m, sampleLine)) {
      starts += m[1] == "start   ";
      progress += m[1] == "        ";
      ends += m[1] == "end     ";
      shutdowns += m[1] == "shutdown";
    } else if (line.rfind("soak: run", 0) == 0) {
      runLine = line;
    } else if (line.rfind("soak: verdict", 0) == 0) {
      verdict = line;
    }
  }
  EXPECT_EQ(starts, 1) << run.out;
  EXPECT_EQ(progress, 9) << run.out;  // frames 30, 60, ... 270
  EXPECT_EQ(ends, 1) << run.out;
  EXPECT_EQ(shutdowns, 1) << run.out;
  std::smatch growth;
  ASSERT_TRUE(std::regex_search(
      runLine, growth,
      std::regex(
          R"(^soak: run OK: retained rss ([-+][0-9.]+) MiB after warm-up \([0-9.]+ MiB at frame 150 -> [0-9.]+ MiB at frame 300, both at the end of a cycle; [0-9.]+ MiB after shutdown)")))
      << runLine;
  // The verdict's own limit is 1 MiB; a leaking frame buffer would add ~0.1 MiB per frame.
  EXPECT_LE(std::stod(growth[1]), 1.0) << runLine;
  EXPECT_NE(runLine.find("peak rss"), std::string::npos) << runLine;
  // Every size with every chain in the warm-up: 30 periods of 5 frames.
  EXPECT_NE(runLine.find("300 frames: 2 cycles of 150 (5 sizes x 6 chains, a size change every 5 frames)"),
            std::string::npos)
      << runLine;
  std::smatch peak;
  ASSERT_TRUE(std::regex_search(
      verdict, peak,
      std::regex(
          R"(^soak: verdict OK: run OK; whole-run peak rss ([-+][0-9.]+) MiB over the warm-up-only runs \(([0-9.]+) MiB for 300 frames vs ([0-9.]+) MiB, the higher of 2 runs of 150 frames, which differ by [0-9.]+ MiB; process exit included)")))
      << verdict;
  EXPECT_LT(std::stod(peak[1]), 16.0) << verdict;
  EXPECT_GT(std::stod(peak[2]), 10.0) << verdict;  // a real process's peak, not a blank
}

// The CPU pipeline, keeping `leakBytes` of every frame: a leak the verdict must catch.
class LeakingPipeline final : public kc::FramePipeline {
 public:
  explicit LeakingPipeline(std::size_t leakBytes) : inner_(kc::makeCpuPipeline()), leakBytes_(leakBytes) {}
  kc::Backend backend() const override { return inner_->backend(); }
  std::string deviceName() const override { return inner_->deviceName(); }
  void setChain(const kc::FilterChain& chain) override { inner_->setChain(chain); }
  const kc::FilterChain& chain() const override { return inner_->chain(); }
  kc::FrameResult process(const kc::HostFrame& frame) override {
    if (leakBytes_ > 0) {
      void* block = std::malloc(leakBytes_);
      std::memset(block, 1, leakBytes_);  // resident
      leaked_.push_back(block);
    }
    return inner_->process(frame);
  }
  std::optional<kc::FrameStats> submitLive(const kc::HostFrame& frame, kc::DisplaySink& sink) override {
    return inner_->submitLive(frame, sink);
  }
  std::optional<kc::FrameStats> flushLive(kc::DisplaySink& sink) override { return inner_->flushLive(sink); }
  kc::DisplayPath displayPath() const override { return inner_->displayPath(); }

  static std::vector<void*> leaked_;  // freed by the test after the verdict: a leak until then

 private:
  std::unique_ptr<kc::FramePipeline> inner_;
  std::size_t leakBytes_;
};
std::vector<void*> LeakingPipeline::leaked_;

// runSoak's verdict on a pipeline that keeps `leakBytes` a frame: (ok, the run line).
std::pair<bool, std::string> soakWithLeak(std::size_t leakBytes) {
  kc::SoakOptions options;
  options.width = 96;
  options.height = 64;
  options.frames = 600;  // period 10: two cycles of 300 frames
  char* text = nullptr;
  std::size_t length = 0;
  std::FILE* out = open_memstream(&text, &length);
  const bool ok = kc::runSoak([&] { return std::make_unique<LeakingPipeline>(leakBytes); }, options, out);
  std::fclose(out);
  const std::string lines(text, length);
  std::free(text);
  for (void* block : LeakingPipeline::leaked_) std::free(block);
  LeakingPipeline::leaked_.clear();
  const std::size_t run = lines.find("soak: run");
  return {ok, run == std::string::npos ? lines : lines.substr(run)};
}

// A test that cannot fail is a defect: 8 KiB a frame (2.3 MiB over the 300 frames after warm-up)
// is GROWING; the same run without it is OK.
TEST(CliSoak, ALeakOfAFewKiBAFrameIsCaught) {
  const auto [leaking, leakLine] = soakWithLeak(8 * 1024);
  EXPECT_FALSE(leaking) << leakLine;
  EXPECT_EQ(leakLine.rfind("soak: run GROWING: retained rss +2.", 0), 0u) << leakLine;
  const auto [clean, cleanLine] = soakWithLeak(0);
  EXPECT_TRUE(clean) << cleanLine;
}

}  // namespace
