// The per-line profile of a user kernel (LabRunner::profile, CUPTI's SASS metrics in the lab's
// worker; skips without a device). On the lent GPU the lesson's kernels show what they teach, on
// the line that causes it: the unpadded transpose's column read of its shared tile takes many
// wavefronts per request (bank conflicts) where the padded one takes about one; the strided
// grayscale's read moves several times the sectors per request of grey.cu's (uncoalesced).
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/test_data.hpp"
#include "tests/support/gpu_test_support.hpp"
#include "gpu/lab/cuda/lab_runner.hpp"
#include "gpu/lab/cuda/nvrtc_compiler.hpp"
#include "gpu/lab/line_figures.hpp"

namespace {

using kc::HostFrame;
using kc::lab::LineFigures;

std::string labResource(const std::string& name) {
  return (std::filesystem::path(KC_TEST_FIXTURES_DIR) / ".." / ".." / "resources" / "lab" / name)
      .lexically_normal()
      .string();
}

bool samePixels(const HostFrame& a, const HostFrame& b) {
  if (a.format != b.format || a.width() != b.width() || a.height() != b.height()) return false;
  const std::size_t row = static_cast<std::size_t>(a.width()) * kc::bytesPerPixel(a.format);
  for (int y = 0; y < a.height(); ++y)
    if (std::memcmp(a.bytes() + y * a.pitch(), b.bytes() + y * b.pitch(), row) != 0) return false;
  return true;
}

struct Profile {
  std::string path;
  std::vector<std::string> text;   // the kernel's lines
  std::vector<LineFigures> lines;  // the kernel file's own lines
  std::vector<LineFigures> all;    // every line, the lab's prelude (its frame accessors) too
  std::uint64_t total = 0;
};

Profile profileOf(const std::string& name) {
  Profile profile;
  profile.path = labResource(name);
  kc::lab::CompileOptions options;
  options.lineInfo = true;
  const kc::lab::KernelSource source = kc::lab::readKernelSource(profile.path);
  const kc::lab::CompiledKernel kernel = kc::lab::compileKernel(source, options);
  EXPECT_TRUE(kernel.ok()) << name;
  if (!kernel.ok()) return profile;
  HostFrame frame;
  frame.rgba = kc::test::randomImage<kc::Rgba8>(1920, 1080, 7, 12);
  kc::lab::LabRunner runner(0);
  runner.load(kernel);
  const kc::lab::ParamValues values = kc::lab::defaultValues(kernel.analysis.annotations.params);
  // A plain launch first (the one Nsight Compute's totals are compared with), then the profiled
  // one: instrumenting the kernel must not change what it writes.
  HostFrame plain, out;
  const kc::lab::LaunchReport plainReport = runner.run(frame, plain, values);
  EXPECT_TRUE(plainReport.ok()) << plainReport.message;
  const kc::lab::LaunchReport report = runner.profile(frame, out, values);
  EXPECT_TRUE(report.ok()) << report.message;
  EXPECT_TRUE(samePixels(plain, out)) << name << ": the profiled launch wrote another picture";
  // On the lent GPU the figures must come: a note here is a failure, not a skip.
  EXPECT_FALSE(report.lines.empty()) << name << ": no per-line figures: " << report.profileNote;
  profile.total = kc::lab::totalInstructions(report.lines);
  // The whole kernel's counts (every line, the lab's prelude too): what Nsight Compute's kernel
  // totals must match (scripts/device: ncu on this test, docs/KERNEL-LAB.md).
  LineFigures sum;
  for (const LineFigures& line : report.lines) {
    sum.instructions += line.instructions;
    sum.globalRequests += line.globalRequests;
    sum.globalSectors += line.globalSectors;
    sum.sharedRequests += line.sharedRequests;
    sum.sharedWavefronts += line.sharedWavefronts;
  }
  std::printf(
      "[ profile-total ] %s: instructions %llu, global requests %llu, global sectors %llu, shared requests %llu, "
      "shared wavefronts %llu\n",
      name.c_str(), static_cast<unsigned long long>(sum.instructions),
      static_cast<unsigned long long>(sum.globalRequests), static_cast<unsigned long long>(sum.globalSectors),
      static_cast<unsigned long long>(sum.sharedRequests), static_cast<unsigned long long>(sum.sharedWavefronts));
  profile.lines = kc::lab::linesOfFile(report.lines, source.path);
  profile.all = report.lines;
  std::size_t start = 0;
  while (start <= source.text.size()) {
    const std::size_t end = source.text.find('\n', start);
    profile.text.push_back(source.text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  for (const LineFigures& line : report.lines)
    std::printf("[ profile ] %s:%u: %s\n", line.file.c_str(), line.line,
                kc::lab::describeLine(line, profile.total).c_str());
  return profile;
}

// The line of `lines` that `score` rates highest, with its score.
template <class Score>
std::pair<const LineFigures*, double> worstLine(const std::vector<LineFigures>& lines, Score score) {
  std::pair<const LineFigures*, double> worst{nullptr, 0.0};
  for (const LineFigures& line : lines)
    if (score(line) > worst.second) worst = {&line, score(line)};
  return worst;
}

std::string textOf(const Profile& profile, const LineFigures& line) {
  return line.line >= 1 && line.line <= profile.text.size() ? profile.text[line.line - 1] : std::string();
}

TEST(LabProfileGpu, TheUnpaddedTransposeShowsItsBankConflictsOnTheColumnRead) {
  KC_REQUIRE_CUDA_DEVICE();
  const Profile unpadded = profileOf("transpose_unpadded.cu");
  const Profile padded = profileOf("transpose.cu");
  ASSERT_FALSE(unpadded.lines.empty());
  ASSERT_FALSE(padded.lines.empty());
  const auto [conflicted, wavefronts] = worstLine(unpadded.lines, kc::lab::wavefrontsPerRequest);
  ASSERT_NE(conflicted, nullptr) << "no line of the unpadded transpose touched shared memory";
  // A warp reading a column of a 32-wide tile of 4-byte pixels: 32 lanes in one bank.
  EXPECT_GE(wavefronts, 16.0) << textOf(unpadded, *conflicted);
  EXPECT_NE(textOf(unpadded, *conflicted).find("tile[threadIdx.x][threadIdx.y]"), std::string::npos)
      << "the conflicts should be on the column read, found on line " << conflicted->line << ": "
      << textOf(unpadded, *conflicted);
  const auto [paddedWorst, paddedWavefronts] = worstLine(padded.lines, kc::lab::wavefrontsPerRequest);
  ASSERT_NE(paddedWorst, nullptr);
  EXPECT_LE(paddedWavefronts, 2.0) << "the padding column should leave about one wavefront per request: "
                                   << textOf(padded, *paddedWorst);
}

// The frame reads go through the lab's accessor (in.rgba), whose instructions the line information
// gives to the prelude's line, inlined into the kernel: the figures are there, under the prelude.
TEST(LabProfileGpu, TheStridedGreyMovesManyMoreSectorsPerRequestThanGrey) {
  KC_REQUIRE_CUDA_DEVICE();
  const Profile grey = profileOf("grey.cu");
  const Profile strided = profileOf("grey_strided.cu");
  ASSERT_FALSE(grey.all.empty());
  ASSERT_FALSE(strided.all.empty());
  // How many times the sectors the accessed bytes need: grey.cu's frame accesses are neighbouring
  // pixels (its grey writes: a warp of a 16x16 block spans two rows, two 16-byte pieces where one
  // 32-byte sector would do: 2x); the strided reads and writes go down columns (H200: 4x and 15.9x).
  const auto [greyWorst, greyExcess] = worstLine(grey.all, kc::lab::memoryExcess);
  const auto [stridedWorst, stridedExcess] = worstLine(strided.all, kc::lab::memoryExcess);
  ASSERT_NE(greyWorst, nullptr);
  ASSERT_NE(stridedWorst, nullptr);
  EXPECT_LE(greyExcess, 2.0) << greyWorst->file << ":" << greyWorst->line;
  EXPECT_GE(stridedExcess, 8.0) << stridedWorst->file << ":" << stridedWorst->line;
  EXPECT_GE(stridedExcess, 4 * greyExcess);
  // The kernel file's lines take part of the instructions, never more than the whole.
  EXPECT_LE(kc::lab::totalInstructions(strided.lines), strided.total);
}

// CUPTI sets its counters up once per process: the runner gives the kernel to a new worker after
// each profile, so a second profile counts the same, and a plain run afterwards works.
TEST(LabProfileGpu, ARunnerProfilesAgainAndRunsAfterwards) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::lab::CompileOptions options;
  options.lineInfo = true;
  const kc::lab::CompiledKernel kernel =
      kc::lab::compileKernel(kc::lab::readKernelSource(labResource("grey.cu")), options);
  ASSERT_TRUE(kernel.ok());
  HostFrame frame, out;
  frame.rgba = kc::test::randomImage<kc::Rgba8>(640, 360, 3, 12);
  const kc::lab::ParamValues values = kc::lab::defaultValues(kernel.analysis.annotations.params);
  kc::lab::LabRunner runner(0);
  runner.load(kernel);
  const kc::lab::LaunchReport first = runner.profile(frame, out, values);
  const kc::lab::LaunchReport second = runner.profile(frame, out, values);
  ASSERT_FALSE(first.lines.empty()) << first.profileNote;
  ASSERT_FALSE(second.lines.empty()) << "a second profile: " << second.profileNote;
  EXPECT_EQ(kc::lab::totalInstructions(first.lines), kc::lab::totalInstructions(second.lines));
  EXPECT_TRUE(runner.loaded());
  EXPECT_TRUE(runner.run(frame, out, values).ok());
  EXPECT_EQ(runner.workersStopped(), 0) << "a profile is not a fault";
}

}  // namespace
