// Image inputs at the edges: a truncated JPEG, a 1x1 image, grey+alpha and 16-bit grey PNGs
// (converted, never rejected), the largest allowed frame and one pixel beyond it.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
// jpeglib.h needs FILE and size_t declared first.
#include <jpeglib.h>

#include "app/backend/pipeline_factory.hpp"
#include "app/sources/frame_source.hpp"
#include "app/sources/image_decode.hpp"
#include "app/sources/image_source.hpp"
#include "common/test_data.hpp"
#include "gpu/pipeline/frame_limits.hpp"
#include "temp_dir.hpp"

namespace {

using kc::test::TempDir;

std::string errorOf(const std::string& path) {
  try {
    kc::ImageSource source(path);
  } catch (const kc::SourceError& e) {
    return e.what();
  }
  return "opened";
}

TEST(ImageInput, TruncatedJpegIsRejected) {
  TempDir dir;
  cv::Mat picture(96, 128, CV_8UC3);
  cv::randu(picture, 0, 255);
  std::vector<unsigned char> jpeg;
  ASSERT_TRUE(cv::imencode(".jpg", picture, jpeg));
  const std::string path = dir.file("half.jpg");
  kc::test::writeBytes(path, std::string(jpeg.begin(), jpeg.begin() + jpeg.size() / 2));
  const std::string message = errorOf(path);
  EXPECT_NE(message.find(path), std::string::npos) << message;
  EXPECT_NE(message.find("truncated"), std::string::npos) << message;
}

TEST(ImageInput, OnePixelImageLoads) {
  TempDir dir;
  ASSERT_TRUE(cv::imwrite(dir.file("one.png"), cv::Mat(1, 1, CV_8UC3, cv::Scalar(10, 20, 30))));
  const kc::HostFrame frame = kc::ImageSource(dir.file("one.png")).next();
  ASSERT_EQ(frame.width(), 1);
  ASSERT_EQ(frame.height(), 1);
  EXPECT_EQ(frame.rgba.at(0, 0).r, 30);
  EXPECT_EQ(frame.rgba.at(0, 0).b, 10);
  EXPECT_EQ(frame.rgba.at(0, 0).a, 255);
}

TEST(ImageInput, GreyAlphaPngBecomesGreyRgbWithItsAlpha) {
  // OpenCV cannot write a 2-channel PNG: the fixture was written by hand (grey = 60 x, alpha = 100 y).
  const kc::HostFrame frame = kc::ImageSource(kc::test::fixture("images/grey_alpha_4x3.png").string()).next();
  ASSERT_EQ(frame.width(), 4);
  ASSERT_EQ(frame.height(), 3);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 4; ++x) {
      const kc::Rgba8 p = frame.rgba.at(x, y);
      EXPECT_EQ(p.r, 60 * x);
      EXPECT_EQ(p.g, 60 * x);
      EXPECT_EQ(p.b, 60 * x);
      EXPECT_EQ(p.a, 100 * y);
    }
}

TEST(ImageInput, SixteenBitGreyPngIsScaledTo8Bits) {
  TempDir dir;
  cv::Mat deep(2, 3, CV_16UC1);
  for (int x = 0; x < 3; ++x) deep.at<std::uint16_t>(0, x) = deep.at<std::uint16_t>(1, x) = static_cast<std::uint16_t>(x * 32768 - (x == 2));
  ASSERT_TRUE(cv::imwrite(dir.file("deep.png"), deep));
  const kc::HostFrame frame = kc::ImageSource(dir.file("deep.png")).next();
  EXPECT_EQ(frame.rgba.at(0, 1).g, 0);
  EXPECT_EQ(frame.rgba.at(1, 1).g, 128);  // 32768 / 257 = 127.5 -> 128
  EXPECT_EQ(frame.rgba.at(2, 1).g, 255);  // 65535
}

// The documented maximum (frame_limits.hpp) is 16384 per side: that size loads and runs through
// the pipeline (a grey PNG: 256 MiB decoded, 1 GiB as RGBA); one more pixel is a clear error.
TEST(ImageInput, LargestAllowedImageWorksAndOneMorePixelIsAClearError) {
  TempDir dir;
  const int side = kc::kMaxFrameSide;
  {
    const cv::Mat largest(side, side, CV_8UC1, cv::Scalar(77));
    ASSERT_TRUE(cv::imwrite(dir.file("largest.png"), largest));
  }
  {
    kc::ImageSource source(dir.file("largest.png"));
    const kc::HostFrame frame = source.next();
    ASSERT_EQ(frame.width(), side);
    ASSERT_EQ(frame.height(), side);
    auto pipeline = kc::makePipeline(kc::Backend::Auto).pipeline;
    pipeline->setChain(kc::parseFilterChain("hist=8"));
    const kc::FrameResult result = pipeline->process(frame);
    EXPECT_EQ(result.stats.histogram[2], std::uint64_t(side) * side);  // 77 / 32 = bin 2, red channel
  }
  ASSERT_TRUE(cv::imwrite(dir.file("too_wide.png"), cv::Mat(4, side + 1, CV_8UC1, cv::Scalar(1))));
  const std::string message = errorOf(dir.file("too_wide.png"));
  EXPECT_NE(message.find("16385x4 is outside the supported frame size (1x1 .. 16384x16384)"), std::string::npos)
      << message;
}

// JPEG goes through libjpeg directly (to see its corrupt-data warnings): the pixels must be the
// ones OpenCV's decoder gives, for colour, grey, CMYK and the shared progressive photographs.
void expectSameAsOpenCv(const std::vector<unsigned char>& jpeg, const std::string& what) {
  SCOPED_TRACE(what);
  const kc::HostFrame frame = kc::decodeImageBytes(jpeg, what);
  cv::Mat reference = cv::imdecode(jpeg, cv::IMREAD_COLOR);
  ASSERT_FALSE(reference.empty());
  cv::cvtColor(reference, reference, cv::COLOR_BGR2RGBA);
  ASSERT_EQ(frame.width(), reference.cols);
  ASSERT_EQ(frame.height(), reference.rows);
  const cv::Mat ours(frame.height(), frame.width(), CV_8UC4, const_cast<unsigned char*>(frame.rgba.bytes()), frame.pitch());
  EXPECT_EQ(cv::norm(ours, reference, cv::NORM_INF), 0.0);
}

// A CMYK JPEG as Adobe writes them (inverted), made with libjpeg: OpenCV cannot write one.
std::vector<unsigned char> cmykJpeg(int width, int height) {
  jpeg_compress_struct info{};
  jpeg_error_mgr errors{};
  info.err = jpeg_std_error(&errors);
  jpeg_create_compress(&info);
  unsigned char* buffer = nullptr;
  unsigned long size = 0;
  jpeg_mem_dest(&info, &buffer, &size);
  info.image_width = static_cast<JDIMENSION>(width);
  info.image_height = static_cast<JDIMENSION>(height);
  info.input_components = 4;
  info.in_color_space = JCS_CMYK;
  jpeg_set_defaults(&info);
  jpeg_set_quality(&info, 95, TRUE);
  info.write_Adobe_marker = TRUE;
  jpeg_start_compress(&info, TRUE);
  std::vector<unsigned char> row(static_cast<std::size_t>(width) * 4);
  while (info.next_scanline < info.image_height) {
    for (int x = 0; x < width; ++x)
      for (int c = 0; c < 4; ++c) row[4 * x + c] = static_cast<unsigned char>((x * 37 + static_cast<int>(info.next_scanline) * 11 + c * 60) % 256);
    JSAMPROW rows[1] = {row.data()};
    jpeg_write_scanlines(&info, rows, 1);
  }
  jpeg_finish_compress(&info);
  std::vector<unsigned char> bytes(buffer, buffer + size);
  jpeg_destroy_compress(&info);
  std::free(buffer);
  return bytes;
}

TEST(ImageInput, JpegDecodesToTheSamePixelsAsOpenCv) {
  cv::Mat colour(67, 130, CV_8UC3), grey(31, 33, CV_8UC1);
  cv::randu(colour, 0, 255);
  cv::randu(grey, 0, 255);
  std::vector<unsigned char> jpeg;
  ASSERT_TRUE(cv::imencode(".jpg", colour, jpeg));
  expectSameAsOpenCv(jpeg, "colour 130x67");
  ASSERT_TRUE(cv::imencode(".jpg", colour, jpeg, {cv::IMWRITE_JPEG_PROGRESSIVE, 1}));
  expectSameAsOpenCv(jpeg, "progressive colour");
  ASSERT_TRUE(cv::imencode(".jpg", grey, jpeg));
  expectSameAsOpenCv(jpeg, "grey 33x31");
  expectSameAsOpenCv(cmykJpeg(17, 3), "CMYK 17x3");
  for (const auto& path : kc::test::sharedImages()) {
    if (path.extension() != ".jpg") continue;
    std::ifstream in(path, std::ios::binary);
    expectSameAsOpenCv({std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()}, path.string());
  }
}

}  // namespace
