// The helpers shared by tests/gpu/lab/cuda/kernel_stage_gpu_test.cpp and its must-fail tests
// (tests/error/gpu/lab/cuda/kernel_stage_gpu_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "tests/support/test_data.hpp"
#include "tests/support/gpu_test_support.hpp"
#include "gpu/lab/cuda/nvrtc_compiler.hpp"
#include "gpu/lab/kernel_program.hpp"
#include "gpu/lab/kernel_template.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"
#include "gpu/pipeline/stage_registry.hpp"
#include "tests/support/lab_test_files.hpp"

namespace kc::test {

using kc::HostFrame;
using kc::PixelFormat;

inline HostFrame randomFrame(int width, int height, std::uint32_t seed) {
  HostFrame frame;
  frame.rgba = kc::test::randomImage<kc::Rgba8>(width, height, seed, 12);
  return frame;
}

inline std::string labResource(const std::string& name) {
  return (std::filesystem::path(KC_TEST_FIXTURES_DIR) / ".." / ".." / "resources" / "lab" / name)
      .lexically_normal()
      .string();
}

inline bool samePixels(const HostFrame& a, const HostFrame& b) {
  if (a.format != b.format || a.width() != b.width() || a.height() != b.height()) return false;
  const std::size_t row = static_cast<std::size_t>(a.width()) * kc::bytesPerPixel(a.format);
  for (int y = 0; y < a.height(); ++y)
    if (std::memcmp(a.bytes() + y * a.pitch(), b.bytes() + y * b.pitch(), row) != 0) return false;
  return true;
}

inline bool allZero(const HostFrame& frame) {
  const std::size_t row = static_cast<std::size_t>(frame.width()) * kc::bytesPerPixel(frame.format);
  for (int y = 0; y < frame.height(); ++y)
    for (std::size_t i = 0; i < row; ++i)
      if (frame.bytes()[y * frame.pitch() + i] != 0) return false;
  return true;
}

}  // namespace kc::test
