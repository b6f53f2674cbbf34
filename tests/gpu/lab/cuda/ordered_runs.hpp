// The helpers shared by tests/gpu/lab/cuda/runner_ordered_gpu_test.cpp and its must-fail tests
// (tests/error/gpu/lab/cuda/runner_ordered_gpu_test.cpp): frames submitted the pipeline's way
// (LabRunner::submitDevice), produced and consumed on the caller's stream.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <future>

#include "gpu/core/device_buffer.cuh"
#include "gpu/core/stream.cuh"
#include "gpu/image/device_image.cuh"
#include "tests/gpu/lab/cuda/lab_runs.hpp"

namespace kc::test {

// One frame's buffers. Its input is uploaded on the stream right before the submit (from pinned
// memory: asynchronous), and its output copied on the stream right after it, then poisoned: a
// kernel that ran before the upload, or a copy that ran before the kernel, or an output copy
// after the poison, would each show.
struct OrderedFrame {
  OrderedFrame(const HostImage<Rgba8>& image)
      : source(image),
        pinned(static_cast<std::size_t>(image.width()) * image.height()),
        in(image.width(), image.height()),
        out(image.width(), image.height()),
        copied(image.width(), image.height()) {
    for (int y = 0; y < image.height(); ++y)
      std::memcpy(pinned.data() + static_cast<std::size_t>(y) * image.width(), image.view().row(y),
                  static_cast<std::size_t>(image.width()) * sizeof(Rgba8));
    in.fillBytes(0x5A);
    out.fillBytes(0x5A);
    copied.fillBytes(0x5A);
    KC_CUDA_CHECK(cudaDeviceSynchronize());
  }

  std::uint64_t submit(lab::LabRunner& runner, cudaStream_t stream) {
    const std::size_t rowBytes = static_cast<std::size_t>(source.width()) * sizeof(Rgba8);
    KC_CUDA_CHECK(cudaMemcpy2DAsync(in.view().data, in.pitch(), pinned.data(), rowBytes, rowBytes, source.height(),
                                    cudaMemcpyHostToDevice, stream));
    const std::uint64_t frame =
        runner.submitDevice(ref(in, PixelFormat::Rgba8), ref(out, PixelFormat::Gray8), {}, stream);
    KC_CUDA_CHECK(cudaMemcpy2DAsync(copied.view().data, copied.pitch(), out.view().data, out.pitch(),
                                    static_cast<std::size_t>(source.width()), source.height(), cudaMemcpyDeviceToDevice,
                                    stream));
    out.fillBytes(0x33, stream);
    return frame;
  }

  template <class T>
  static lab::DeviceFrameRef ref(const DeviceImage<T>& image, PixelFormat format) {
    return {reinterpret_cast<std::uintptr_t>(image.view().data), image.pitch(), image.width(), image.height(), format};
  }

  const HostImage<Rgba8>& source;
  PinnedBuffer<Rgba8> pinned;
  DeviceImage<Rgba8> in;
  DeviceImage<std::uint8_t> out, copied;
};

inline bool allBytes(const HostImage<std::uint8_t>& image, std::uint8_t value) {
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x)
      if (image.view().row(y)[x] != value) return false;
  return true;
}

// Synchronises `stream`, or ends the test program when that takes longer than `seconds`: a stream
// a worker never released must fail the test, not hang the suite.
inline void synchronizeWithin(cudaStream_t stream, double seconds, const char* what) {
  auto done = std::async(std::launch::async, [stream] { return cudaStreamSynchronize(stream); });
  if (done.wait_for(std::chrono::duration<double>(seconds)) != std::future_status::ready) {
    std::fprintf(stderr, "FATAL: %s: the caller's stream was not released within %.0f s\n", what, seconds);
    std::fflush(stderr);
    std::_Exit(3);
  }
  ASSERT_EQ(done.get(), cudaSuccess) << what;
}

}  // namespace kc::test
