#include "gpu/core/file_kind.hpp"

#include <gtest/gtest.h>

namespace kc {
namespace {

TEST(FileKind, BySuffixInAnyCase) {
  EXPECT_EQ(fileKindOf("photo.jpg"), FileKind::Image);
  EXPECT_EQ(fileKindOf("/data/Photo.JPEG"), FileKind::Image);
  EXPECT_EQ(fileKindOf("clip.MP4"), FileKind::Video);
  EXPECT_EQ(fileKindOf("dir.png/clip.mkv"), FileKind::Video);
  EXPECT_EQ(fileKindOf("bcsstk01.mtx"), FileKind::Matrix);
}

// data/matrices holds NAME.mtx.gz: a matrix to open and drop too, by its two-part suffix alone.
TEST(FileKind, GzipCompressedMatricesAreMatrices) {
  EXPECT_EQ(fileKindOf("nos2.mtx.gz"), FileKind::Matrix);
  EXPECT_EQ(fileKindOf("/usr/share/kernelcam/matrices/BCSSTK17.MTX.GZ"), FileKind::Matrix);
  EXPECT_EQ(fileKindOf("notes.gz"), FileKind::Unsupported);
  EXPECT_EQ(fileKindOf("photo.png.gz"), FileKind::Unsupported);  // no reader takes a compressed image
  EXPECT_EQ(fileKindOf(".mtx.gz"), FileKind::Unsupported);
}

TEST(FileKind, UnknownOrMissingSuffixIsUnsupported) {
  EXPECT_EQ(fileKindOf("notes.txt"), FileKind::Unsupported);
  EXPECT_EQ(fileKindOf("pattern"), FileKind::Unsupported);
  EXPECT_EQ(fileKindOf("frames.png/"), FileKind::Unsupported);  // a folder's name, not a file's
  EXPECT_EQ(fileKindOf(""), FileKind::Unsupported);
  EXPECT_TRUE(fileKindSuffixes(FileKind::Unsupported).empty());
}

}  // namespace
}  // namespace kc
