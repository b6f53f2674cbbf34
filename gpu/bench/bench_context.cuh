#pragma once
// What every row group gets: the options, the report being filled, one stream, the L2 size
// for the rotation, and helpers for inputs and rows.
#include <cuda_runtime.h>

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "gpu/bench/bench_options.hpp"
#include "gpu/bench/bench_report.hpp"
#include "gpu/bench/bench_timer.cuh"
#include "gpu/core/device_buffer.cuh"
#include "gpu/core/stream.cuh"
#include "gpu/image/device_image.cuh"

namespace kc::bench {

class BenchContext {
 public:
  BenchContext(const BenchOptions& options, BenchReport& report, std::function<void(const BenchRow&)> onRow)
      : options_(options), report_(report), onRow_(std::move(onRow)) {}

  const BenchOptions& options() const { return options_; }
  const BenchReport& report() const { return report_; }
  cudaStream_t stream() const { return stream_; }

  double time(const BenchWork& work) { return medianMs(stream_, options_.warmup, options_.reps, work); }
  int rotation(std::size_t bytesPerSet) const { return rotationCount(bytesPerSet, report_.l2Bytes); }

  void setRoofline(double gbPerS) { report_.rooflineGBs = gbPerS; }

  // Adds the row if --only keeps it.
  void add(BenchRow row) {
    if (!rowSelected(options_, row.group, row.name)) return;
    report_.rows.push_back(std::move(row));
    if (onRow_) onRow_(report_.rows.back());
  }
  // A library's row; also makes it `ours`'s baseline when it is the fastest one so far.
  void addBaseline(BenchRow& ours, BenchRow baseline) {
    baseline.isBaseline = true;
    if (ours.baselineMs <= 0 || baseline.ms < ours.baselineMs) {
      ours.baselineName = baseline.name;
      ours.baselineMs = baseline.ms;
    }
    add(std::move(baseline));
  }

 private:
  const BenchOptions& options_;
  BenchReport& report_;
  std::function<void(const BenchRow&)> onRow_;
  Stream stream_;
};

// Marks `row` as timing `stage` (its --filters text) on a width x height grey or RGBA input.
inline void setStage(BenchRow& row, std::string stage, ImageSize size, bool grayInput) {
  row.stage = std::move(stage);
  row.width = size.width;
  row.height = size.height;
  row.grayInput = grayInput;
}

inline BenchRow makeRow(std::string name, std::string group, double ms, double bytes, double flops = 0) {
  BenchRow row;
  row.name = std::move(name);
  row.group = std::move(group);
  row.ms = ms;
  row.bytes = bytes;
  row.flops = flops;
  return row;
}

// `count` images of random bytes (seeded; the same pattern in each, which no cache can exploit
// since each lives at its own address).
template <class T>
std::vector<DeviceImage<T>> randomImages(int count, int width, int height, std::uint32_t seed) {
  std::vector<unsigned char> host(static_cast<std::size_t>(width) * sizeof(T) * height);
  std::mt19937 rng(seed);
  for (auto& b : host) b = static_cast<unsigned char>(rng() >> 24);
  std::vector<DeviceImage<T>> images;
  for (int i = 0; i < count; ++i) {
    images.emplace_back(width, height);
    KC_CUDA_CHECK(cudaMemcpy2D(images.back().view().data, images.back().pitch(), host.data(), width * sizeof(T),
                               width * sizeof(T), height, cudaMemcpyHostToDevice));
  }
  return images;
}

template <class T>
std::vector<DeviceImage<T>> blankImages(int count, int width, int height) {
  std::vector<DeviceImage<T>> images;
  for (int i = 0; i < count; ++i) {
    images.emplace_back(width, height);
    images.back().fillBytes(0xCD);
  }
  return images;
}

// The row groups (one file each).
void runCopyRows(BenchContext& ctx);  // always measures the 1 GiB roofline first
void runGrayRows(BenchContext& ctx);
void runHistogramRows(BenchContext& ctx);
void runConvolutionRows(BenchContext& ctx);
void runTransposeRows(BenchContext& ctx);
void runPipelineRows(BenchContext& ctx);
void runCameraFormatRows(BenchContext& ctx);  // NV12 and its Y plane: uploads, conversions, pipeline
void runReduceRows(BenchContext& ctx);
void runGemmRows(BenchContext& ctx);
void runCgRows(BenchContext& ctx);
// Rows for a registered stage without rows of its own: each of its benchCases on grey and RGBA.
void runGenericStageRows(BenchContext& ctx, const std::string& stageId);

}  // namespace kc::bench
