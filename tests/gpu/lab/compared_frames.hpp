// Frames built for the A/B comparison's tests and its must-fail test
// (tests/error/gpu/lab/frame_compare_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <cmath>

#include "tests/support/test_data.hpp"
#include "gpu/lab/frame_compare.hpp"

namespace kc::test {

using kc::HostFrame;
using kc::PixelFormat;
using kc::lab::compareFrames;

inline HostFrame grey(int width, int height, std::uint8_t value) {
  HostFrame frame;
  frame.format = PixelFormat::Gray8;
  frame.gray = kc::HostImage<std::uint8_t>(width, height);
  frame.gray.fillBytes(value);
  return frame;
}

inline HostFrame rgba(kc::HostImage<kc::Rgba8> image) {
  HostFrame frame;
  frame.rgba = std::move(image);
  return frame;
}

}  // namespace kc::test
