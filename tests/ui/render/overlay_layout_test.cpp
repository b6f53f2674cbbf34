// The images leave room for the overlays where the view is tall enough: the timing overlay in a band
// above them, the histogram in one below. In a short view the bands would shrink the images too
// much, and the images keep the whole view (the overlays then go over them, translucent).
#include <gtest/gtest.h>

#include "ui/render/gl_renderer.hpp"

namespace kc {
namespace {

// Two 16:9 images side by side in `area`: the drawn height.
double sideBySideHeight(const RectPx& area) {
  return letterbox(1280, 720, {area.x, area.y, area.width / 2, area.height}).height;
}

TEST(OverlayLayout, BandsAboveAndBelowTheImagesWhereTheViewIsTallEnough) {
  const RectPx whole{0, 0, 1073, 779};  // the window's view beside the filter dock
  const RectPx area = imageArea(whole, 140, 160, sideBySideHeight);
  EXPECT_DOUBLE_EQ(area.y, 140);
  EXPECT_DOUBLE_EQ(area.height, 779 - 140 - 160);
  EXPECT_DOUBLE_EQ(sideBySideHeight(area), sideBySideHeight(whole)) << "wide images: the bands cost them nothing";
  const RectPx image = letterbox(1280, 720, {area.x, area.y, area.width / 2, area.height});
  EXPECT_GE(image.y, 140) << "the timing band is above the image";
  EXPECT_LE(image.y + image.height, 779 - 160) << "the histogram band is below it";
}

TEST(OverlayLayout, AShortViewKeepsTheImagesLargeRatherThanTheBands) {
  const RectPx whole{0, 0, 1400, 420};  // the demo dock open below: height-limited images
  const RectPx area = imageArea(whole, 140, 160, sideBySideHeight);
  EXPECT_DOUBLE_EQ(area.y, whole.y);
  EXPECT_DOUBLE_EQ(area.height, whole.height);
  EXPECT_DOUBLE_EQ(imageArea(whole, 0, 0, sideBySideHeight).height, whole.height) << "no overlays, no bands";
  EXPECT_DOUBLE_EQ(imageArea({0, 0, 800, 200}, 150, 150, sideBySideHeight).height, 200) << "bands taller than the view";
}

}  // namespace
}  // namespace kc
