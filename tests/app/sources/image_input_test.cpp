// Image inputs at the edges: a truncated JPEG, a 1x1 image, grey+alpha and 16-bit grey PNGs
// (converted, never rejected), the largest allowed frame and one pixel beyond it; PNG and JPEG
// decoded by their libraries directly give OpenCV's pixels, and their damage is refused by name.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
// jpeglib.h needs FILE and size_t declared first.
#include <jpeglib.h>
#include <png.h>

#include "app/backend/pipeline_factory.hpp"
#include "app/sources/frame_source.hpp"
#include "app/sources/image_decode.hpp"
#include "app/sources/image_source.hpp"
#include "app/sources/mat_to_frame.hpp"
#include "tests/support/test_data.hpp"
#include "tests/support/damaged_png.hpp"
#include "gpu/pipeline/frame_limits.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/app/sources/image_checks.hpp"

namespace {

using namespace kc::test;

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
  for (int x = 0; x < 3; ++x)
    deep.at<std::uint16_t>(0, x) = deep.at<std::uint16_t>(1, x) = static_cast<std::uint16_t>(x * 32768 - (x == 2));
  ASSERT_TRUE(cv::imwrite(dir.file("deep.png"), deep));
  const kc::HostFrame frame = kc::ImageSource(dir.file("deep.png")).next();
  EXPECT_EQ(frame.rgba.at(0, 1).g, 0);
  EXPECT_EQ(frame.rgba.at(1, 1).g, 128);  // 32768 / 257 = 127.5 -> 128
  EXPECT_EQ(frame.rgba.at(2, 1).g, 255);  // 65535
}

// JPEG goes through libjpeg directly (to see its corrupt-data warnings): the pixels must be the
// ones OpenCV's decoder gives, for colour, grey, CMYK and the shared progressive photographs.
void expectSameAsOpenCv(const std::vector<unsigned char>& jpeg, const std::string& what) {
  SCOPED_TRACE(what);
  const kc::HostFrame frame = kc::decodeImageBytes(jpeg, what).frame;
  cv::Mat reference = cv::imdecode(jpeg, cv::IMREAD_COLOR);
  ASSERT_FALSE(reference.empty());
  cv::cvtColor(reference, reference, cv::COLOR_BGR2RGBA);
  ASSERT_EQ(frame.width(), reference.cols);
  ASSERT_EQ(frame.height(), reference.rows);
  const cv::Mat ours(frame.height(), frame.width(), CV_8UC4, const_cast<unsigned char*>(frame.rgba.bytes()),
                     frame.pitch());
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
      for (int c = 0; c < 4; ++c)
        row[4 * x + c] =
            static_cast<unsigned char>((x * 37 + static_cast<int>(info.next_scanline) * 11 + c * 60) % 256);
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
  for (const auto& path : kc::test::samplePhotos()) {
    if (path.extension() != ".jpg") continue;
    std::ifstream in(path, std::ios::binary);
    expectSameAsOpenCv({std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()}, path.string());
  }
}

// ---- PNG through libpng (png_decode.cpp) ---------------------------------------------------

bool sameRgba(const kc::HostFrame& a, const kc::HostFrame& b) {
  if (a.width() != b.width() || a.height() != b.height()) return false;
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x) {
      const kc::Rgba8 p = a.rgba.at(x, y), q = b.rgba.at(x, y);
      if (p.r != q.r || p.g != q.g || p.b != q.b || p.a != q.a) return false;
    }
  return true;
}

// The pixels the loader gave before PNG went through libpng directly: cv::imdecode, then matToRgbaFrame.
kc::HostFrame throughOpenCv(const std::vector<unsigned char>& png) {
  const cv::Mat mat = cv::imdecode(png, cv::IMREAD_UNCHANGED);
  EXPECT_FALSE(mat.empty());
  return kc::matToRgbaFrame(mat, "reference");
}

// A PNG written by libpng itself, for the kinds OpenCV does not write: palette, tRNS, 1-bit grey,
// 16-bit grey+alpha, interlaced. `rows` are packed as `depth` and `colourType` say.
std::vector<unsigned char> libpngEncode(int width, int height, int depth, int colourType, bool interlaced,
                                        const std::vector<std::vector<unsigned char>>& rows,
                                        const std::vector<png_color>& palette = {},
                                        const std::vector<unsigned char>& transparentEntries = {},
                                        const png_color_16* transparentColour = nullptr) {
  std::vector<unsigned char> out;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png_create_info_struct(png);
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return {};
  }
  png_set_write_fn(
      png, &out,
      [](png_structp p, png_bytep data, std::size_t length) {
        auto* bytes = static_cast<std::vector<unsigned char>*>(png_get_io_ptr(p));
        bytes->insert(bytes->end(), data, data + length);
      },
      nullptr);
  png_set_IHDR(png, info, static_cast<png_uint_32>(width), static_cast<png_uint_32>(height), depth, colourType,
               interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  if (!palette.empty()) png_set_PLTE(png, info, palette.data(), static_cast<int>(palette.size()));
  if (!transparentEntries.empty() || transparentColour)
    png_set_tRNS(png, info, transparentEntries.empty() ? nullptr : transparentEntries.data(),
                 static_cast<int>(transparentEntries.size()), transparentColour);
  png_write_info(png, info);
  std::vector<png_bytep> pointers;
  for (const auto& row : rows) pointers.push_back(const_cast<png_bytep>(row.data()));
  png_write_image(png, pointers.data());
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return out;
}

// Rows of `bytesPerRow` bytes, every byte a different value.
std::vector<std::vector<unsigned char>> patternRows(int height, int bytesPerRow, int modulo = 256) {
  std::vector<std::vector<unsigned char>> rows(static_cast<std::size_t>(height));
  for (int y = 0; y < height; ++y)
    for (int i = 0; i < bytesPerRow; ++i) rows[y].push_back(static_cast<unsigned char>((i * 37 + y * 11) % modulo));
  return rows;
}

TEST(PngInput, DecodesToTheSamePixelsAsOpenCvForEveryColourTypeAndDepth) {
  struct Case {
    std::string name;
    std::vector<unsigned char> png;
  };
  std::vector<Case> cases;
  auto viaOpenCv = [&](const std::string& name, int type, int width, int height) {
    cv::Mat mat(height, width, type);
    cv::randu(mat, 0, CV_MAT_DEPTH(type) == CV_16U ? 65536 : 256);
    std::vector<unsigned char> png;
    ASSERT_TRUE(cv::imencode(".png", mat, png));
    cases.push_back({name, png});
  };
  viaOpenCv("grey 8-bit 17x3", CV_8UC1, 17, 3);
  viaOpenCv("grey 16-bit 1x1", CV_16UC1, 1, 1);
  viaOpenCv("rgb 8-bit 130x67", CV_8UC3, 130, 67);
  viaOpenCv("rgb 16-bit 33x5", CV_16UC3, 33, 5);
  viaOpenCv("rgba 8-bit 31x9", CV_8UC4, 31, 9);
  viaOpenCv("rgba 16-bit 7x7", CV_16UC4, 7, 7);
  std::vector<png_color> palette;
  for (int i = 0; i < 16; ++i)
    palette.push_back(
        {static_cast<png_byte>(i * 16), static_cast<png_byte>(255 - i * 9), static_cast<png_byte>(i * 5)});
  cases.push_back({"palette 4-bit with tRNS 17x3", libpngEncode(17, 3, 4, PNG_COLOR_TYPE_PALETTE, false,
                                                                patternRows(3, 9), palette, {0, 128, 255, 7})});
  cases.push_back(
      {"palette 8-bit 19x4", libpngEncode(19, 4, 8, PNG_COLOR_TYPE_PALETTE, false, patternRows(4, 19, 16), palette)});
  cases.push_back({"grey 1-bit 21x5", libpngEncode(21, 5, 1, PNG_COLOR_TYPE_GRAY, false, patternRows(5, 3))});
  cases.push_back(
      {"grey+alpha 16-bit 6x4", libpngEncode(6, 4, 16, PNG_COLOR_TYPE_GRAY_ALPHA, false, patternRows(4, 24))});
  const png_color_16 transparent{0, 37, 11, 74, 0};  // the (37, 11, 74) pixels become transparent
  cases.push_back({"rgb with tRNS 9x3",
                   libpngEncode(9, 3, 8, PNG_COLOR_TYPE_RGB, false, patternRows(3, 27), {}, {}, &transparent)});
  cases.push_back({"rgb interlaced 33x19", libpngEncode(33, 19, 8, PNG_COLOR_TYPE_RGB, true, patternRows(19, 99))});
  cases.push_back(
      {"rgba 16-bit interlaced 5x11", libpngEncode(5, 11, 16, PNG_COLOR_TYPE_RGB_ALPHA, true, patternRows(11, 40))});
  for (const auto& path : kc::test::samplePhotos()) {
    if (path.extension() != ".png") continue;
    std::ifstream in(path, std::ios::binary);
    cases.push_back({path.string(), {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()}});
  }
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    ASSERT_FALSE(c.png.empty());
    const kc::DecodedImage decoded = kc::decodeImageBytes(c.png, c.name);
    EXPECT_TRUE(decoded.warning.empty());
    EXPECT_TRUE(sameRgba(decoded.frame, throughOpenCv(c.png)));
  }
}

TEST(PngInput, LenientDecodeKeepsTheRowsTheDataGivesAndPaintsTheRestGrey) {
  const std::string png = kc::test::soundPng(kc::test::randomPicture());
  const kc::HostFrame whole = kc::decodeImageBytes(bytesOf(png), "sound").frame;
  const kc::DecodedImage cut = kc::decodeImageBytes(bytesOf(kc::test::cutInSecondImageChunk(png)), "cut", {true});
  ASSERT_EQ(cut.frame.height(), 64);
  auto sameRow = [&](int y) {
    for (int x = 0; x < 64; ++x) {
      const kc::Rgba8 p = whole.rgba.at(x, y), q = cut.frame.rgba.at(x, y);
      if (p.r != q.r || p.g != q.g || p.b != q.b || p.a != q.a) return false;
    }
    return true;
  };
  int same = 0;
  while (same < 64 && sameRow(same)) ++same;
  EXPECT_GE(same, 30) << "the first IDAT chunk (8 KiB) holds about 42 rows of 193 bytes";
  EXPECT_LT(same, 64);
  for (int y = same + 1; y < 64; ++y)
    for (int x = 0; x < 64; ++x) {
      const kc::Rgba8 p = cut.frame.rgba.at(x, y);
      ASSERT_TRUE(p.r == 128 && p.g == 128 && p.b == 128 && p.a == 255) << "row " << y << " is not grey";
    }
  // A chunk with a bad CRC is dropped whole: the pixels are the sound file's.
  const kc::DecodedImage text = kc::decodeImageBytes(bytesOf(kc::test::withBadCrcTextChunk(png)), "text", {true});
  EXPECT_TRUE(sameRgba(text.frame, whole));
}

TEST(PngInput, RemarksThatDoNotTouchThePixelsAreNotDamage) {
  // A gAMA chunk of 0: libpng ignores it with a warning (which OpenCV let through to stderr).
  const std::string png = kc::test::soundPng(kc::test::randomPicture(8, 4));
  const std::size_t idat = kc::test::pngChunksOfType(png, "IDAT").front().at;
  const std::string remark = png.substr(0, idat) + kc::test::makeChunk("gAMA", kc::test::be32(0)) + png.substr(idat);
  const kc::DecodedImage decoded = kc::decodeImageBytes(bytesOf(remark), "remark");
  EXPECT_TRUE(decoded.warning.empty());
  EXPECT_TRUE(sameRgba(decoded.frame, kc::decodeImageBytes(bytesOf(png), "sound").frame));
  ASSERT_EQ(decoded.decoderMessages.size(), 1u);
  EXPECT_EQ(decoded.decoderMessages[0], "libpng warning: gAMA: gamma value out of range");
}

}  // namespace
