// histogramCpu / histogramRgbCpu against cv::calcHist over [0, 256) with the same bin count.
#include <gtest/gtest.h>

#include <vector>

#include "tests/support/test_data.hpp"
#include "tests/support/opencv_views.hpp"
#include "gpu/image/histogram.hpp"

namespace {

const int kBinCounts[] = {256, 16, 7, 1};

std::vector<std::uint32_t> calcHist(const cv::Mat& image, int channel, int bins) {
  const float range[] = {0.f, 256.f};
  const float* ranges[] = {range};
  cv::Mat hist;
  cv::calcHist(&image, 1, &channel, cv::Mat(), hist, 1, &bins, ranges, true, false);
  std::vector<std::uint32_t> counts(bins);
  for (int b = 0; b < bins; ++b) counts[b] = static_cast<std::uint32_t>(hist.at<float>(b));
  return counts;
}

void checkGray(const kc::HostImage<std::uint8_t>& gray) {
  const cv::Mat mat = kc::test::matOf(gray.view(), CV_8UC1);
  for (int bins : kBinCounts) {
    SCOPED_TRACE(testing::Message() << bins << " bins");
    std::vector<std::uint32_t> counts(bins, 0xCDCDCDCDu);
    kc::histogramCpu(gray.view(), bins, counts.data());
    EXPECT_EQ(counts, calcHist(mat, 0, bins));
  }
}

void checkRgb(const kc::HostImage<kc::Rgba8>& image) {
  const cv::Mat mat = kc::test::matOf(image.view(), CV_8UC4);
  for (int bins : kBinCounts) {
    SCOPED_TRACE(testing::Message() << bins << " bins");
    std::vector<std::uint32_t> counts(3 * bins, 0xCDCDCDCDu);
    kc::histogramRgbCpu(image.view(), bins, counts.data());
    for (int channel = 0; channel < 3; ++channel) {
      SCOPED_TRACE(testing::Message() << "channel " << channel);
      const std::vector<std::uint32_t> mine(counts.begin() + channel * bins, counts.begin() + (channel + 1) * bins);
      EXPECT_EQ(mine, calcHist(mat, channel, bins));
    }
  }
}

TEST(HistogramCpu, MatchesCalcHistOnRandomImages) {
  std::uint32_t seed = 100;
  for (const auto& s : kc::test::awkwardSizes()) {
    const auto gray = kc::test::randomImage<std::uint8_t>(s.width, s.height, seed++, 3);
    const auto rgba = kc::test::randomImage<kc::Rgba8>(s.width, s.height, seed++, 8);
    SCOPED_TRACE(testing::Message() << s.width << "x" << s.height);
    checkGray(gray);
    checkRgb(rgba);
  }
}

TEST(HistogramCpu, MatchesCalcHistOnRealImages) {
  const auto paths = kc::test::samplePhotos();
  ASSERT_FALSE(paths.empty()) << "no photos in " << kc::test::projectData("samples")
                              << " (data/samples is part of the repository)";
  for (const auto& path : paths) {
    SCOPED_TRACE(path.string());
    const auto rgba = kc::test::readRgbaImage(path);
    checkRgb(rgba);
    cv::Mat gray = cv::imread(path.string(), cv::IMREAD_GRAYSCALE);
    kc::HostImage<std::uint8_t> grayImage(gray.cols, gray.rows, gray.cols + 7);
    gray.copyTo(kc::test::matOf(grayImage.view(), CV_8UC1));
    checkGray(grayImage);
  }
}

TEST(HistogramCpu, BinsSplitTheRangeEvenly) {
  EXPECT_EQ(kc::histogramBin(255, 16), 15);
  EXPECT_EQ(kc::histogramBin(16, 16), 1);
  EXPECT_EQ(kc::histogramBin(15, 16), 0);
  EXPECT_EQ(kc::histogramBin(255, 1), 0);
  EXPECT_EQ(kc::histogramBin(37, 7), 1);  // 37 * 7 / 256 = 1.01
}

TEST(HistogramCpu, RejectsBadArguments) {
  kc::HostImage<std::uint8_t> gray(4, 4);
  std::vector<std::uint32_t> counts(3 * 257);
  EXPECT_THROW(kc::histogramCpu(gray.view(), 0, counts.data()), kc::InvalidArgument);
  EXPECT_THROW(kc::histogramCpu(gray.view(), 257, counts.data()), kc::InvalidArgument);
  EXPECT_THROW(kc::histogramCpu(gray.view(), 16, nullptr), kc::InvalidArgument);
  kc::ImageView<const std::uint8_t> noData{nullptr, 4, 4, 4};
  EXPECT_THROW(kc::histogramCpu(noData, 16, counts.data()), kc::InvalidArgument);
  kc::HostImage<kc::Rgba8> rgba(4, 4);
  EXPECT_THROW(kc::histogramRgbCpu(rgba.view(), -1, counts.data()), kc::InvalidArgument);
  kc::histogramCpu(kc::ImageView<const std::uint8_t>{}, 16, counts.data());
  EXPECT_EQ(counts[0], 0u);  // empty image: zero counts
}

}  // namespace
