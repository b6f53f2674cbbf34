// hist on the CPU backend: one pass over the image in row stripes on OpenCV's thread pool, each
// stripe counting every grey level (or r, g, b level) into private tables, merged once and folded
// into the bins at the end. cv::calcHist (the bench's baseline) is single-threaded, keeps float
// counts, and reads an RGBA image three times for three channels.
#include <opencv2/imgproc.hpp>

#include <array>
#include <mutex>

#include "gpu/image/histogram.hpp"
#include "gpu/pipeline/frame_stats.hpp"
#include "gpu/stages/hist_stage.hpp"
#include "gpu/stages/stage_opencv.hpp"

namespace kc::stages {
namespace {

using LevelCounts = std::array<std::uint32_t, 256>;

// Counts per level of each of `channels` channels over rows [first, end). Consecutive bytes go to
// different tables (kTables per channel), so runs of equal values (flat image areas) do not wait
// on their own previous increment.
constexpr int kTables = 4;

void countGrayLevels(ConstImageView<std::uint8_t> in, int first, int end, LevelCounts* total) {
  std::array<LevelCounts, kTables> tables{};
  for (int y = first; y < end; ++y) {
    const std::uint8_t* p = in.row(y);
    int x = 0;
    for (; x + kTables <= in.width; x += kTables)
      for (int t = 0; t < kTables; ++t) ++tables[t][p[x + t]];
    for (; x < in.width; ++x) ++tables[0][p[x]];
  }
  for (int t = 0; t < kTables; ++t)
    for (int v = 0; v < 256; ++v) total[0][v] += tables[t][v];
}

void countRgbLevels(ConstImageView<Rgba8> in, int first, int end, LevelCounts* total) {
  std::array<LevelCounts, 6> tables{};  // r, g, b of even pixels, then of odd ones
  for (int y = first; y < end; ++y) {
    const Rgba8* p = in.row(y);
    int x = 0;
    for (; x + 2 <= in.width; x += 2) {
      ++tables[0][p[x].r], ++tables[1][p[x].g], ++tables[2][p[x].b];
      ++tables[3][p[x + 1].r], ++tables[4][p[x + 1].g], ++tables[5][p[x + 1].b];
    }
    if (x < in.width) ++tables[0][p[x].r], ++tables[1][p[x].g], ++tables[2][p[x].b];
  }
  for (int c = 0; c < 3; ++c)
    for (int v = 0; v < 256; ++v) total[c][v] += tables[c][v] + tables[c + 3][v];
}

}  // namespace

void histogramOpenCv(const StageSpec& spec, const CpuStageIo& io) {
  const int bins = spec.configAs<HistConfig>().bins;
  std::uint32_t* counts = resetHistogram(spec, io);
  const int channels = io.stats.histogramChannels;
  std::array<LevelCounts, 3> levels{};
  std::mutex merge;
  forRowStripes(io.in.height(), 64, [&](int first, int end) {
    std::array<LevelCounts, 3> stripe{};
    if (channels == 1) countGrayLevels(io.in.gray.view(), first, end, stripe.data());
    else countRgbLevels(io.in.rgba.view(), first, end, stripe.data());
    const std::lock_guard<std::mutex> lock(merge);
    for (int c = 0; c < channels; ++c)
      for (int v = 0; v < 256; ++v) levels[c][v] += stripe[c][v];
  });
  for (int c = 0; c < channels; ++c)
    for (int v = 0; v < 256; ++v) counts[c * bins + histogramBin(static_cast<std::uint32_t>(v), bins)] += levels[c][v];
}

CpuBaselineCall histOpenCvBaseline(const StageSpec& spec, const CpuStageIo& io) {
  const int bins = spec.configAs<HistConfig>().bins;
  const bool gray = io.in.format == PixelFormat::Gray8;
  const cv::Mat in = gray ? matOf(io.in.gray.view()) : matOf(io.in.rgba.view());
  const int channels = gray ? 1 : 3;
  return {gray ? "cv::calcHist" : "cv::calcHist x3 (r, g, b)", [in, bins, channels]() {
            const int sizes[] = {bins};
            const float range[] = {0.f, 256.f};
            const float* ranges[] = {range};
            cv::Mat counts;
            for (int c = 0; c < channels; ++c) {
              const int channel[] = {c};
              cv::calcHist(&in, 1, channel, cv::Mat(), counts, 1, sizes, ranges);
            }
          }};
}

}  // namespace kc::stages
