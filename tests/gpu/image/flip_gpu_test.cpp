// flipAsync == flipCpu exactly, grey and RGBA, every axis, at awkward sizes and 4K, in pitched and
// offset views (grey rows that are not 4-byte aligned take the byte path, aligned ones the word
// path), with the output poisoned first and the bytes outside it checked untouched.
#include <gtest/gtest.h>

#include "tests/support/test_data.hpp"
#include "tests/support/device_test_images.cuh"
#include "gpu/core/stream.cuh"
#include "gpu/image/flip.cuh"
#include "tests/support/gpu_test_support.hpp"
#include "tests/support/load_image.hpp"

namespace {

using kc::test::Layout;

constexpr kc::FlipAxis kAxes[] = {kc::FlipAxis::Horizontal, kc::FlipAxis::Vertical, kc::FlipAxis::Both};

template <class T>
void checkFlip(const kc::HostImage<T>& host, Layout layout, kc::FlipAxis axis) {
  SCOPED_TRACE(testing::Message() << sizeof(T) << "-byte pixels " << host.width() << "x" << host.height() << " "
                                  << kc::test::name(layout) << " axis " << static_cast<int>(axis));
  kc::Stream stream;
  kc::test::TestDeviceImage<T> in(host.width(), host.height(), layout);
  kc::test::TestDeviceImage<T> out(host.width(), host.height(), layout);
  in.upload(host);
  kc::HostImage<T> expected(host.width(), host.height());
  kc::flipCpu<T>(host.view(), expected.view(), axis);
  out.poison();
  kc::flipAsync(kc::ConstImageView<T>(in.view()), out.view(), axis, stream);
  stream.synchronize();
  EXPECT_TRUE(kc::samePixels<T>(out.download().view(), expected.view()));
  EXPECT_TRUE(out.outsideUntouched());
}

TEST(Flip, GreyMatchesCpu) {
  KC_REQUIRE_CUDA_DEVICE();
  std::uint32_t seed = 1;
  auto sizes = kc::test::awkwardSizesWith4K();
  sizes.push_back({4, 5});
  sizes.push_back({132, 7});
  for (const auto& s : sizes) {
    const auto host = kc::test::randomImage<std::uint8_t>(s.width, s.height, seed++);
    for (kc::FlipAxis axis : kAxes)
      for (Layout layout : {Layout::Pitched, Layout::Offset, Layout::WordOffset}) checkFlip(host, layout, axis);
  }
}

TEST(Flip, RgbaMatchesCpu) {
  KC_REQUIRE_CUDA_DEVICE();
  std::uint32_t seed = 100;
  for (const auto& s : kc::test::awkwardSizesWith4K()) {
    const auto host = kc::test::randomImage<kc::Rgba8>(s.width, s.height, seed++);
    for (kc::FlipAxis axis : kAxes)
      for (Layout layout : {Layout::Pitched, Layout::Offset}) checkFlip(host, layout, axis);
  }
}

TEST(Flip, RealImages) {
  KC_REQUIRE_CUDA_DEVICE();
  const auto paths = kc::test::samplePhotos();
  ASSERT_FALSE(paths.empty()) << "no photos in " << kc::test::projectData("samples")
                              << " (data/samples is part of the repository)";
  for (const auto& path : paths)
    for (kc::FlipAxis axis : kAxes) checkFlip(kc::test::loadRgbaImage(path), Layout::Pitched, axis);
}

}  // namespace
