// Must-fail: image and video sources that cannot be read (missing, a folder, not an image or a video,
// damaged): the source fails with one line naming the file and the reason. Reading good ones is in
// tests/app/sources/sources_test.cpp.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/videoio.hpp>

#include "app/sources/image_source.hpp"
#include "app/sources/mat_to_frame.hpp"
#include "app/sources/pattern_source.hpp"
#include "app/sources/source_factory.hpp"
#include "app/sources/video_source.hpp"
#include "tests/support/test_data.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using kc::test::TempDir;
using kc::test::writeBytes;

// Expects ImageSource(path) to throw SourceError naming the path and containing `reason`.
void expectImageError(const std::string& path, const std::string& reason) {
  SCOPED_TRACE(path);
  try {
    kc::ImageSource source(path);
    FAIL() << "opened";
  } catch (const kc::SourceError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(path), std::string::npos) << message;
    EXPECT_NE(message.find(reason), std::string::npos) << message;
  }
}

TEST(ImageSource, UnreadableInputsFailWithTheReason) {
  TempDir dir;
  expectImageError(dir.file("missing.png"), "no such file");
  expectImageError(dir.file(""), "is a directory");
  writeBytes(dir.file("empty.png"), "");
  expectImageError(dir.file("empty.png"), "empty (0 bytes)");
  writeBytes(dir.file("text.png"), "this is not a PNG, just text\n");
  expectImageError(dir.file("text.png"), "not an image format");
  // A real PNG cut short: the signature is fine, the data is not.
  cv::Mat picture(64, 64, CV_8UC3, cv::Scalar(1, 2, 3));
  cv::randu(picture, 0, 255);
  std::vector<unsigned char> png;
  ASSERT_TRUE(cv::imencode(".png", picture, png));
  writeBytes(dir.file("truncated.png"), std::string(png.begin(), png.begin() + png.size() / 3));
  expectImageError(dir.file("truncated.png"), "truncated PNG");
  // A PNG whose header claims 0x0: refused by its declared size, before decoding.
  std::string zero(png.begin(), png.end());
  for (int i = 16; i < 24; ++i) zero[i] = 0;  // IHDR width and height
  writeBytes(dir.file("zero.png"), zero);
  expectImageError(dir.file("zero.png"), "0x0 is outside the supported frame size");
  // A damaged DICOM file (the fuzzer's): OpenCV's reader aborted the process on it.
  std::ifstream dicom(kc::test::fixture("../fuzz/corpus/image_decode/crash-ea2c16c9472e8bf9e199f3532c4dbea42cc8da86"),
                      std::ios::binary);
  ASSERT_TRUE(dicom.good());
  writeBytes(dir.file("damaged.dcm"), {std::istreambuf_iterator<char>(dicom), std::istreambuf_iterator<char>()});
  expectImageError(dir.file("damaged.dcm"), "a DICOM file, which kernelcam does not read");
}

TEST(VideoSource, UnreadableInputsFailWithTheReason) {
  TempDir dir;
  for (const auto& [path, reason] : std::vector<std::pair<std::string, std::string>>{
           {dir.file("missing.mp4"), "no such file"}, {dir.file(""), "is a directory"}}) {
    try {
      kc::VideoSource video(path);
      FAIL() << path;
    } catch (const kc::SourceError& e) {
      EXPECT_NE(std::string(e.what()).find(reason), std::string::npos) << e.what();
    }
  }
  writeBytes(dir.file("text.mp4"), "not a video at all");
  EXPECT_THROW(kc::VideoSource(dir.file("text.mp4")), kc::SourceError);
}

}  // namespace
