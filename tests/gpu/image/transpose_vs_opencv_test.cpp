// transposeCpu against cv::transpose for 8UC1, 8UC4 and 32FC1, and the 4x4 byte-block transpose
// that the GPU byte kernel uses (its host emulation of PRMT).
#include <gtest/gtest.h>

#include <cstring>

#include "tests/support/test_data.hpp"
#include "tests/support/opencv_views.hpp"
#include "gpu/image/byte_transpose.hpp"
#include "gpu/image/transpose.hpp"

namespace {

template <class T>
void checkTranspose(const kc::HostImage<T>& in, int cvType) {
  kc::HostImage<T> out(in.height(), in.width(), in.height() * sizeof(T) + 4 * sizeof(T));
  out.fillBytes(0xCD);
  kc::transposeCpu<T>(in.view(), out.view());
  cv::Mat expected;
  cv::transpose(kc::test::matOf(in.view(), cvType), expected);
  const cv::Mat got = kc::test::matOf(out.view(), cvType);
  ASSERT_EQ(expected.size(), got.size());
  // Bytewise, so float NaN payloads compare too.
  for (int y = 0; y < got.rows; ++y)
    ASSERT_EQ(std::memcmp(expected.ptr(y), got.ptr(y), got.cols * got.elemSize()), 0) << "row " << y;
}

TEST(TransposeCpu, MatchesOpenCvOnRandomImages) {
  std::uint32_t seed = 200;
  for (const auto& s : kc::test::awkwardSizes()) {
    SCOPED_TRACE(testing::Message() << s.width << "x" << s.height);
    checkTranspose(kc::test::randomImage<std::uint8_t>(s.width, s.height, seed++, 5), CV_8UC1);
    checkTranspose(kc::test::randomImage<kc::Rgba8>(s.width, s.height, seed++, 12), CV_8UC4);
    checkTranspose(kc::test::randomImage<float>(s.width, s.height, seed++, 8), CV_32FC1);
  }
}

TEST(TransposeCpu, MatchesOpenCvOnRealImages) {
  const auto paths = kc::test::samplePhotos();
  ASSERT_FALSE(paths.empty()) << "no photos in " << kc::test::projectData("samples")
                              << " (data/samples is part of the repository)";
  for (const auto& path : paths) {
    SCOPED_TRACE(path.string());
    checkTranspose(kc::test::readRgbaImage(path), CV_8UC4);
  }
}

TEST(TransposeCpu, RejectsWrongOutputSize) {
  kc::HostImage<float> in(5, 3), sameShape(5, 3);
  EXPECT_THROW(kc::transposeCpu<float>(in.view(), sameShape.view()), kc::InvalidArgument);
}

TEST(ByteTranspose, FourByFourBlock) {
  // Row i, column j holds 0x10 * i + j.
  std::uint32_t w[4];
  for (std::uint32_t i = 0; i < 4; ++i) w[i] = (0x10 * i) * 0x01010101u + 0x03020100u;
  kc::transpose4x4Bytes(w[0], w[1], w[2], w[3]);
  for (std::uint32_t j = 0; j < 4; ++j)
    for (std::uint32_t i = 0; i < 4; ++i)
      EXPECT_EQ((w[j] >> (8 * i)) & 0xffu, 0x10 * i + j) << "column " << j << " row " << i;
}

TEST(ByteTranspose, BytePermMatchesPrmtDefinition) {
  // PTX prmt: selector nibble k picks byte k of the result from {b, a} (a = bytes 0-3).
  EXPECT_EQ(kc::bytePerm(0x33221100u, 0x77665544u, 0x3210), 0x33221100u);
  EXPECT_EQ(kc::bytePerm(0x33221100u, 0x77665544u, 0x7654), 0x77665544u);
  EXPECT_EQ(kc::bytePerm(0x33221100u, 0x77665544u, 0x5140), 0x55114400u);
}

}  // namespace
