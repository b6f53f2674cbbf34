// transposeAsync == transposeCpu exactly for uint8_t, Rgba8 and float, at awkward sizes, sizes
// around the 128-byte tile and 4K, in pitched images and offset views (including rows that are not
// 4-byte aligned, where the byte transpose falls back to the one-byte tile kernel).
#include <gtest/gtest.h>

#include "tests/support/test_data.hpp"
#include "tests/support/device_test_images.cuh"
#include "gpu/core/stream.cuh"
#include "gpu/image/transpose.cuh"
#include "tests/support/gpu_test_support.hpp"
#include "tests/support/load_image.hpp"

namespace {

using kc::test::Layout;

enum class Kernel { Default, Tile };

template <class T>
void checkTranspose(const kc::HostImage<T>& host, Layout layout, Kernel kernel = Kernel::Default) {
  SCOPED_TRACE(testing::Message() << sizeof(T) << "-byte pixels " << host.width() << "x" << host.height() << " "
                                  << kc::test::name(layout) << (kernel == Kernel::Tile ? " tile kernel" : ""));
  kc::Stream stream;
  kc::test::TestDeviceImage<T> in(host.width(), host.height(), layout);
  kc::test::TestDeviceImage<T> out(host.height(), host.width(), layout);
  in.upload(host);
  SCOPED_TRACE("in " + kc::test::describe(in.view()) + ", out " + kc::test::describe(out.view()));
  kc::HostImage<T> expected(host.height(), host.width());
  kc::transposeCpu<T>(host.view(), expected.view());
  out.poison();
  if constexpr (std::is_same_v<T, std::uint8_t>) {
    if (kernel == Kernel::Tile) kc::transposeTileAsync(in.view(), out.view(), stream);
    else kc::transposeAsync(in.view(), out.view(), stream);
  } else {
    kc::transposeAsync(kc::ConstImageView<T>(in.view()), out.view(), stream);
  }
  stream.synchronize();
  EXPECT_TRUE(kc::samePixels<T>(out.download().view(), expected.view()));
  EXPECT_TRUE(out.outsideUntouched());
}

std::vector<kc::test::Size2D> transposeSizes() {
  auto sizes = kc::test::awkwardSizesWith4K();
  for (kc::test::Size2D s : {kc::test::Size2D{128, 128}, {129, 257}, {256, 127}, {4, 131}, {131, 4}})
    sizes.push_back(s);
  return sizes;
}

TEST(Transpose, BytesMatchCpu) {
  KC_REQUIRE_CUDA_DEVICE();
  std::uint32_t seed = 1;
  for (const auto& s : transposeSizes()) {
    const auto host = kc::test::randomImage<std::uint8_t>(s.width, s.height, seed++);
    for (Layout layout : {Layout::Pitched, Layout::Offset, Layout::WordOffset}) checkTranspose(host, layout);
    checkTranspose(host, Layout::Pitched, Kernel::Tile);
  }
}

TEST(Transpose, RgbaMatchesCpu) {
  KC_REQUIRE_CUDA_DEVICE();
  std::uint32_t seed = 100;
  for (const auto& s : transposeSizes())
    for (Layout layout : {Layout::Pitched, Layout::Offset})
      checkTranspose(kc::test::randomImage<kc::Rgba8>(s.width, s.height, seed++), layout);
}

TEST(Transpose, FloatMatchesCpu) {
  KC_REQUIRE_CUDA_DEVICE();
  std::uint32_t seed = 200;
  for (const auto& s : transposeSizes())
    for (Layout layout : {Layout::Pitched, Layout::Offset})
      checkTranspose(kc::test::randomImage<float>(s.width, s.height, seed++), layout);  // any bits, NaNs included
}

TEST(Transpose, RealImages) {
  KC_REQUIRE_CUDA_DEVICE();
  const auto paths = kc::test::samplePhotos();
  ASSERT_FALSE(paths.empty()) << "no photos in " << kc::test::projectData("samples")
                              << " (data/samples is part of the repository)";
  for (const auto& path : paths) {
    SCOPED_TRACE(path.string());
    checkTranspose(kc::test::loadRgbaImage(path), Layout::Pitched);
  }
}

TEST(Transpose, TwiceIsTheOriginal) {
  KC_REQUIRE_CUDA_DEVICE();
  const auto host = kc::test::randomImage<std::uint8_t>(1921, 1079, 9);
  const auto in = kc::uploadImage(host);
  kc::DeviceImage<std::uint8_t> once(1079, 1921), twice(1921, 1079);
  once.fillBytes(kc::test::kPoison);
  twice.fillBytes(kc::test::kPoison);
  kc::transpose<std::uint8_t>(in.view(), once.view());
  kc::transpose<std::uint8_t>(once.view(), twice.view());
  EXPECT_TRUE(kc::samePixels<std::uint8_t>(kc::downloadImage(twice).view(), host.view()));

  const auto hostRgba = kc::test::randomImage<kc::Rgba8>(3840, 2160, 10);
  const auto inRgba = kc::uploadImage(hostRgba);
  kc::DeviceImage<kc::Rgba8> onceRgba(2160, 3840), twiceRgba(3840, 2160);
  twiceRgba.fillBytes(kc::test::kPoison);
  kc::transpose<kc::Rgba8>(inRgba.view(), onceRgba.view());
  kc::transpose<kc::Rgba8>(onceRgba.view(), twiceRgba.view());
  EXPECT_TRUE(kc::samePixels<kc::Rgba8>(kc::downloadImage(twiceRgba).view(), hostRgba.view()));
}

TEST(Transpose, RejectsBadViewsAndIgnoresEmptyOnes) {
  KC_REQUIRE_CUDA_DEVICE();
  kc::DeviceImage<float> in(8, 4), sameShape(8, 4), out(4, 8);
  EXPECT_THROW(kc::transposeAsync(kc::ConstImageView<float>(in.view()), sameShape.view(), nullptr),
               kc::InvalidArgument);
  kc::ImageView<float> noData{nullptr, 4, 8, 16};
  EXPECT_THROW(kc::transposeAsync(kc::ConstImageView<float>(in.view()), noData, nullptr), kc::InvalidArgument);
  kc::ImageView<const float> shortPitch = in.view();
  shortPitch.pitch = 16;
  EXPECT_THROW(kc::transposeAsync(shortPitch, out.view(), nullptr), kc::InvalidArgument);
  kc::ImageView<const float> misaligned{
      reinterpret_cast<const float*>(reinterpret_cast<const unsigned char*>(in.view().data) + 1), 4, 4, in.pitch()};
  kc::ImageView<float> out4{out.view().data, 4, 4, out.pitch()};
  EXPECT_THROW(kc::transposeAsync(misaligned, out4, nullptr), kc::InvalidArgument);
  kc::transposeAsync(kc::ImageView<const std::uint8_t>{}, kc::ImageView<std::uint8_t>{}, nullptr);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

}  // namespace
