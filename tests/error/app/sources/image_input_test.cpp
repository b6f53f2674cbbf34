// Must-fail: images the source refuses (a truncated JPEG, one pixel over the largest size, a damaged
// PNG unless --lenient, a header the file cannot hold): one line naming the file and the reason,
// before a frame is allocated. Good images are in tests/app/sources/image_input_test.cpp.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
// jpeglib.h needs FILE and size_t declared first.
#include <jpeglib.h>
#include <png.h>

#include "app/session/run_session.hpp"
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

std::string errorOf(const std::string& path) {
  try {
    kc::ImageSource source(path);
  } catch (const kc::SourceError& e) {
    return e.what();
  }
  return "opened";
}

// Expects the bytes to be refused (strict) with every needle in the message, and a lenient decode
// to give an image of the same size with a warning holding the same words.
void expectDamage(const std::string& bytes, std::initializer_list<std::string> needles) {
  try {
    kc::decodeImageBytes(bytesOf(bytes), "image:damaged.png");
    ADD_FAILURE() << "decoded without a word";
  } catch (const kc::SourceError& e) {
    const std::string message = e.what();
    for (const std::string& needle : needles) EXPECT_NE(message.find(needle), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
  const kc::DecodedImage lenient = kc::decodeImageBytes(bytesOf(bytes), "image:damaged.png", {true});
  EXPECT_EQ(lenient.frame.width(), 64);
  EXPECT_EQ(lenient.frame.height(), 64);
  for (const std::string& needle : needles)
    if (needle.find("--lenient") == std::string::npos)
      EXPECT_NE(lenient.warning.find(needle), std::string::npos) << lenient.warning;
  EXPECT_NE(lenient.warning.find("decoded anyway (--lenient)"), std::string::npos) << lenient.warning;
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
    auto pipeline = kc::RunSession(kc::Backend::Auto).newPipeline();
    pipeline->setChain(kc::parseFilterChain("hist=8"));
    const kc::FrameResult result = pipeline->process(frame);
    EXPECT_EQ(result.stats.histogram[2], std::uint64_t(side) * side);  // 77 / 32 = bin 2, red channel
  }
  ASSERT_TRUE(cv::imwrite(dir.file("too_wide.png"), cv::Mat(4, side + 1, CV_8UC1, cv::Scalar(1))));
  const std::string message = errorOf(dir.file("too_wide.png"));
  EXPECT_NE(message.find("16385x4 is outside the supported frame size (1x1 .. 16384x16384)"), std::string::npos)
      << message;
}

TEST(PngInput, DamageIsRefusedByNameAndDecodedAnywayWhenLenient) {
  const std::string png = kc::test::soundPng(kc::test::randomPicture());
  SCOPED_TRACE("a chunk whose CRC does not match");
  expectDamage(kc::test::withBadCrcTextChunk(png),
               {"image:damaged.png: corrupt PNG data", "libpng: \"tEXt: CRC error\"", "--lenient decodes it anyway"});
  SCOPED_TRACE("a flipped image byte, CRC stale");
  expectDamage(kc::test::withFlippedImageByte(png, false), {"corrupt PNG data", "libpng: \"IDAT: "});
  SCOPED_TRACE("a flipped image byte, CRC recomputed");
  expectDamage(kc::test::withFlippedImageByte(png, true), {"corrupt PNG data", "libpng: \""});
  SCOPED_TRACE("cut in the image data");
  expectDamage(kc::test::cutInSecondImageChunk(png), {"truncated PNG (the file ends before the image does; rows ",
                                                      " of 64 are missing)", "--lenient decodes what is there"});
  SCOPED_TRACE("cut before IEND");
  expectDamage(kc::test::withoutEnd(png), {"truncated PNG", "every row was decoded"});
}

TEST(PngInput, AHeaderTheFileCannotHoldIsRefusedBeforeAFrameIsAllocated) {
  // 16384x16384 RGB is 768 MiB of rows; deflate's best (about 1032:1) needs some 780 KB of data.
  std::string png = kc::test::soundPng(kc::test::randomPicture(4, 4));
  png.replace(16, 8, kc::test::be32(16384) + kc::test::be32(16384));
  for (const bool lenient : {false, true}) {
    SCOPED_TRACE(lenient ? "lenient" : "strict");
    try {
      kc::decodeImageBytes(bytesOf(png), "image:claim.png", {lenient});
      ADD_FAILURE() << "decoded";
    } catch (const kc::SourceError& e) {
      EXPECT_NE(std::string(e.what()).find("image:claim.png: truncated PNG or a wrong header (16384x16384 declared: "),
                std::string::npos)
          << e.what();
      EXPECT_NE(std::string(e.what()).find("cannot hold even at deflate's best compression"), std::string::npos)
          << e.what();
    }
  }
}

}  // namespace
