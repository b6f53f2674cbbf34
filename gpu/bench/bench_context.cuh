#pragma once
// What every row group gets: the options, the report being filled, one stream, the L2 size
// for the rotation, the timing of every row both ways (events and graph), the copy each row is
// compared with, and helpers for inputs and rows.
#include <cuda_runtime.h>

#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <utility>
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

  // The work timed both ways on this context's stream: events (warm-up, then the median of
  // `reps`) and graph (graphReps of them captured in one graph; see bench_timer.cuh).
  RowTiming time(const BenchWork& work);
  int rotation(std::size_t bytesPerSet) const { return rotationCount(bytesPerSet, report_.l2Bytes); }

  void setRoofline(double gbPerS) { report_.rooflineGBs = gbPerS; }
  void setCopyFit(const CopyFit& fit) { report_.copyFit = fit; }

  // A device-to-device copy moving `movedBytes` (read + written: half of it copied) rotated over
  // `sets` source/destination pairs, timed as every row is. Measured once per (size, sets) in a
  // run and remembered: every row of that traffic and rotation is compared with the same copy.
  const RowTiming& copyTiming(double movedBytes, int sets);

  // Adds the row if --only keeps it. A row that moves device bytes gets its copy of the same
  // bytes over the same sets (row.sets, or rotation(bytes) when the row leaves it 0).
  void add(BenchRow row);
  // A library's row; also makes it `ours`'s baseline when it is the fastest one so far.
  void addBaseline(BenchRow& ours, BenchRow baseline) {
    baseline.isBaseline = true;
    if (ours.baselineMs <= 0 || baseline.ms < ours.baselineMs) {
      ours.baselineName = baseline.name;
      ours.baselineMs = baseline.ms;
      ours.baselineGraphMs = baseline.graphMs;
    }
    add(std::move(baseline));
  }

 private:
  const BenchOptions& options_;
  BenchReport& report_;
  std::function<void(const BenchRow&)> onRow_;
  Stream stream_;
  std::map<std::pair<std::size_t, int>, RowTiming> copies_;  // (bytes copied, sets) -> timing
};

// Marks `row` as timing `stage` (its --filters text) on a width x height grey or RGBA input.
inline void setStage(BenchRow& row, std::string stage, ImageSize size, bool grayInput) {
  row.stage = std::move(stage);
  row.width = size.width;
  row.height = size.height;
  row.grayInput = grayInput;
}

// A row timed elsewhere (its own loop): `ms` only; say in graphNote why it has no graph figure.
inline BenchRow makeRow(std::string name, std::string group, double ms, double bytes, double flops = 0) {
  BenchRow row;
  row.name = std::move(name);
  row.group = std::move(group);
  row.ms = ms;
  row.bytes = bytes;
  row.flops = flops;
  return row;
}

// A row timed by BenchContext::time: both figures.
inline BenchRow makeRow(std::string name, std::string group, const RowTiming& timing, double bytes, double flops = 0) {
  BenchRow row = makeRow(std::move(name), std::move(group), timing.ms, bytes, flops);
  row.graphMs = timing.graphMs;
  row.graphReps = timing.graphReps;
  row.graphNote = timing.graphNote;
  return row;
}

// `count` device images holding the same host bytes (width * sizeof(T) per row, tightly packed).
template <class T>
std::vector<DeviceImage<T>> imagesOf(int count, int width, int height, const std::vector<unsigned char>& host) {
  KC_REQUIRE(host.size() == static_cast<std::size_t>(width) * sizeof(T) * height, "imagesOf: size mismatch");
  std::vector<DeviceImage<T>> images;
  for (int i = 0; i < count; ++i) {
    images.emplace_back(width, height);
    KC_CUDA_CHECK(cudaMemcpy2D(images.back().view().data, images.back().pitch(), host.data(), width * sizeof(T),
                               width * sizeof(T), height, cudaMemcpyHostToDevice));
  }
  return images;
}

// `count` images of random bytes (seeded; the same pattern in each, which no cache can exploit
// since each lives at its own address).
template <class T>
std::vector<DeviceImage<T>> randomImages(int count, int width, int height, std::uint32_t seed) {
  std::vector<unsigned char> host(static_cast<std::size_t>(width) * sizeof(T) * height);
  std::mt19937 rng(seed);
  for (auto& b : host) b = static_cast<unsigned char>(rng() >> 24);
  return imagesOf<T>(count, width, height, host);
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

// The bench's own row groups (one file each); the records' rows register themselves (bench_rows.hpp).
void runCopyRows(BenchContext& ctx);  // always measures the 1 GiB roofline first
void runPipelineRows(BenchContext& ctx);
void runCameraFormatRows(BenchContext& ctx);  // NV12 and its Y plane: uploads, conversions, pipeline
// Rows for a registered stage without rows of its own: each of its benchCases on grey and RGBA.
void runGenericStageRows(BenchContext& ctx, const std::string& stageId);

}  // namespace kc::bench
