// flipCpu against cv::flip (an independent implementation) for grey and RGBA, every axis, at
// awkward sizes with padded rows, on real photos, and with the output poisoned before each run.
#include <gtest/gtest.h>

#include <cstring>

#include "tests/support/test_data.hpp"
#include "tests/support/opencv_views.hpp"
#include "gpu/image/flip.hpp"

namespace {

int openCvCode(kc::FlipAxis axis) {
  switch (axis) {
    case kc::FlipAxis::Horizontal:
      return 1;  // around the vertical axis: left-right
    case kc::FlipAxis::Vertical:
      return 0;
    case kc::FlipAxis::Both:
      break;
  }
  return -1;
}

template <class T>
void checkFlip(const kc::HostImage<T>& in, int cvType, kc::FlipAxis axis) {
  SCOPED_TRACE(testing::Message() << sizeof(T) << "-byte pixels " << in.width() << "x" << in.height() << " axis "
                                  << openCvCode(axis));
  kc::HostImage<T> out(in.width(), in.height(), in.width() * sizeof(T) + 3 * sizeof(T));
  out.fillBytes(0xCD);
  kc::flipCpu<T>(in.view(), out.view(), axis);
  cv::Mat expected;
  cv::flip(kc::test::matOf(in.view(), cvType), expected, openCvCode(axis));
  const cv::Mat got = kc::test::matOf(out.view(), cvType);
  ASSERT_EQ(expected.size(), got.size());
  for (int y = 0; y < got.rows; ++y)
    ASSERT_EQ(std::memcmp(expected.ptr(y), got.ptr(y), got.cols * got.elemSize()), 0) << "row " << y;
}

constexpr kc::FlipAxis kAxes[] = {kc::FlipAxis::Horizontal, kc::FlipAxis::Vertical, kc::FlipAxis::Both};

TEST(FlipCpu, MatchesOpenCvOnRandomImages) {
  std::uint32_t seed = 700;
  for (const auto& s : kc::test::awkwardSizes())
    for (kc::FlipAxis axis : kAxes) {
      checkFlip(kc::test::randomImage<std::uint8_t>(s.width, s.height, seed++, 5), CV_8UC1, axis);
      checkFlip(kc::test::randomImage<kc::Rgba8>(s.width, s.height, seed++, 12), CV_8UC4, axis);
    }
}

TEST(FlipCpu, MatchesOpenCvOnRealImages) {
  const auto paths = kc::test::samplePhotos();
  ASSERT_FALSE(paths.empty()) << "no photos in " << kc::test::projectData("samples")
                              << " (data/samples is part of the repository)";
  for (const auto& path : paths)
    for (kc::FlipAxis axis : kAxes) checkFlip(kc::test::readRgbaImage(path), CV_8UC4, axis);
}

TEST(FlipCpu, TwiceIsTheIdentityAndHvIsHThenV) {
  const auto in = kc::test::randomImage<kc::Rgba8>(17, 3, 9);
  kc::HostImage<kc::Rgba8> h(17, 3), hv(17, 3), again(17, 3), both(17, 3);
  kc::flipCpu<kc::Rgba8>(in.view(), h.view(), kc::FlipAxis::Horizontal);
  kc::flipCpu<kc::Rgba8>(h.view(), hv.view(), kc::FlipAxis::Vertical);
  kc::flipCpu<kc::Rgba8>(in.view(), both.view(), kc::FlipAxis::Both);
  EXPECT_TRUE(kc::samePixels<kc::Rgba8>(hv.view(), both.view()));
  kc::flipCpu<kc::Rgba8>(h.view(), again.view(), kc::FlipAxis::Horizontal);
  EXPECT_TRUE(kc::samePixels<kc::Rgba8>(again.view(), in.view()));
  EXPECT_FALSE(kc::samePixels<kc::Rgba8>(h.view(), in.view()));  // 17 random columns: a flip changes them
}

TEST(FlipCpu, RejectsMismatchedOrAliasedViews) {
  kc::HostImage<std::uint8_t> in(5, 3), wrong(3, 5);
  EXPECT_THROW(kc::flipCpu<std::uint8_t>(in.view(), wrong.view(), kc::FlipAxis::Vertical), kc::InvalidArgument);
  EXPECT_THROW(kc::flipCpu<std::uint8_t>(in.view(), in.view(), kc::FlipAxis::Vertical), kc::InvalidArgument);
}

}  // namespace
