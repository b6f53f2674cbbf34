// The camera format syntax (--camera-format, the remembered choice) and the choice among the
// formats a camera lists, as plain data: no camera needed.
#include <gtest/gtest.h>

#include "app/sources/camera_format.hpp"

namespace kc {
namespace {

CameraFormatInfo format(int width, int height, double fps, const char* pixel, double minFps = 0) {
  return {width, height, minFps > 0 ? minFps : fps, fps, pixel};
}

// A typical UVC webcam: MJPEG up to 1080p at 30, raw YUYV fast only when small.
const std::vector<CameraFormatInfo> kWebcam = {
    format(640, 480, 30, "YUYV"),   format(1280, 720, 10, "YUYV"), format(1920, 1080, 5, "YUYV"),
    format(640, 480, 30, "Jpeg"),   format(1280, 720, 30, "Jpeg"), format(1920, 1080, 30, "Jpeg"),
    format(1920, 1080, 60, "Jpeg"), format(320, 240, 120, "Jpeg"),
};

TEST(CameraFormat, ParsesEveryFormOfTheSyntax) {
  ASSERT_TRUE(parseCameraFormat("1280x720"));
  EXPECT_EQ(*parseCameraFormat("1280x720"), (CameraFormatRequest{1280, 720, 0, ""}));
  EXPECT_EQ(*parseCameraFormat("1920x1080@60"), (CameraFormatRequest{1920, 1080, 60, ""}));
  EXPECT_EQ(*parseCameraFormat("640x480@29.97:YUYV"), (CameraFormatRequest{640, 480, 29.97, "YUYV"}));
  EXPECT_EQ(*parseCameraFormat("1x1:mjpg"), (CameraFormatRequest{1, 1, 0, "mjpg"}));
  for (const char* bad :
       {"", "1280", "1280x", "x720", "0x720", "1280x720@", "1280x720@0", "1280x720@-5", "1280x720@abc",
        "1280x720:", "1280x720:YU-YV", "1280x720@30:", "@30", ":YUYV", "16385x16", "1280x720@2000", "1280x720@30x"})
    EXPECT_FALSE(parseCameraFormat(bad)) << "'" << bad << "'";
}

TEST(CameraFormat, FormatsBackToWhatParses) {
  for (const char* text : {"1280x720", "1920x1080@60", "640x480@29.97:YUYV", "17x3@7.5:NV12"}) {
    const auto parsed = parseCameraFormat(text);
    ASSERT_TRUE(parsed) << text;
    EXPECT_EQ(formatCameraFormat(*parsed), text);
  }
  EXPECT_EQ(formatCameraFormat({}), "");
}

TEST(CameraFormat, DescribesRateRanges) {
  EXPECT_EQ(describeCameraFormat(format(1920, 1080, 30, "Jpeg")), "1920x1080 @ 30 fps (Jpeg)");
  EXPECT_EQ(describeCameraFormat(format(640, 480, 30, "YUYV", 5)), "640x480 @ 5-30 fps (YUYV)");
}

TEST(CameraFormat, DefaultIsTheLargestResolutionAtThirtyFramesOrMore) {
  const int chosen = chooseCameraFormat(kWebcam, {});
  ASSERT_GE(chosen, 0);
  EXPECT_EQ(kWebcam[chosen].width, 1920);
  EXPECT_EQ(kWebcam[chosen].pixelFormat, "Jpeg");
  EXPECT_EQ(kWebcam[chosen].maxFps, 60) << "between equal sizes, the faster";
  // The first listed format (what Qt's default and the old code took) is a small YUYV one.
  EXPECT_NE(chosen, 0);
}

TEST(CameraFormat, DefaultCountsNtscRatesAsThirty) {
  const std::vector<CameraFormatInfo> formats = {format(1280, 720, 29.97, "NV12"), format(1920, 1080, 15, "NV12")};
  EXPECT_EQ(chooseCameraFormat(formats, {}), 0);
}

TEST(CameraFormat, DefaultWithNothingAtThirtyTakesTheFastest) {
  const std::vector<CameraFormatInfo> slow = {format(3840, 2160, 5, "YUYV"), format(1280, 720, 15, "YUYV"),
                                              format(640, 480, 15, "YUYV")};
  EXPECT_EQ(chooseCameraFormat(slow, {}), 1) << "the fastest, then the largest";
  EXPECT_EQ(chooseCameraFormat({}, {}), -1);
  EXPECT_EQ(chooseCameraFormat({format(1, 1, 0, "Y8")}, {}), 0) << "a camera that reports no rate";
}

TEST(CameraFormat, RequestPicksTheExactFormatWhenListed) {
  for (int i = 0; i < static_cast<int>(kWebcam.size()); ++i)
    EXPECT_EQ(chooseCameraFormat(kWebcam, requestFor(kWebcam[i])), i) << describeCameraFormat(kWebcam[i]);
}

TEST(CameraFormat, RequestSizeOnlyTakesTheFastestOfThatSize) {
  const int chosen = chooseCameraFormat(kWebcam, *parseCameraFormat("1280x720"));
  EXPECT_EQ(kWebcam[chosen].pixelFormat, "Jpeg");  // 30 fps beats YUYV's 10
  EXPECT_EQ(kWebcam[chosen].height, 720);
}

TEST(CameraFormat, RequestPixelFormatAcceptsFourccSpellings) {
  EXPECT_TRUE(pixelFormatsMatch("Jpeg", "MJPG"));
  EXPECT_TRUE(pixelFormatsMatch("Jpeg", "mjpeg"));
  EXPECT_TRUE(pixelFormatsMatch("YUYV", "yuy2"));
  EXPECT_FALSE(pixelFormatsMatch("YUYV", "NV12"));
  const int chosen = chooseCameraFormat(kWebcam, *parseCameraFormat("1280x720:yuy2"));
  EXPECT_EQ(kWebcam[chosen].pixelFormat, "YUYV");
  EXPECT_EQ(kWebcam[chosen].width, 1280);
}

TEST(CameraFormat, UnlistedRequestsGetTheNearest) {
  // No 1000x700: the nearest size; no 50 fps at 1080p: the rate range nearest to it.
  EXPECT_EQ(kWebcam[chooseCameraFormat(kWebcam, *parseCameraFormat("1000x700"))].width, 1280);
  const int fifty = chooseCameraFormat(kWebcam, *parseCameraFormat("1920x1080@50"));
  EXPECT_EQ(kWebcam[fifty].maxFps, 60);
  // A pixel format the camera lacks: the rest of the request still counts.
  const int nv12 = chooseCameraFormat(kWebcam, *parseCameraFormat("640x480@30:NV12"));
  EXPECT_EQ(kWebcam[nv12].width, 640);
  EXPECT_EQ(kWebcam[nv12].maxFps, 30);
  // A rate inside a listed range matches it.
  const std::vector<CameraFormatInfo> ranged = {format(1280, 720, 10, "YUYV"), format(1280, 720, 30, "NV12", 5)};
  EXPECT_EQ(chooseCameraFormat(ranged, *parseCameraFormat("1280x720@15")), 1);
}

}  // namespace
}  // namespace kc
