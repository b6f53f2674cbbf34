// The images leave room for the overlays where the view is tall enough: the timing overlay in a band
// above them, the histogram in one below. In a short view the bands would shrink the images too
// much, and the images keep the whole view (the overlays then go over them, translucent).
#include <gtest/gtest.h>

#include "ui/render/gl_renderer.hpp"
#include "ui/render/overlay_layout.hpp"

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

namespace kc {
namespace {

// The overlays' corners (overlay_layout.hpp): in a band beside the image where one holds them, over
// the image otherwise, always inside the view; the histogram takes a free corner or none.
TEST(OverlayLayout, AnOverlayGoesIntoTheBandBesideItsImageAndStaysInTheView) {
  const RectPx view{0, 0, 800, 600};
  const RectPx image{0, 150, 800, 300};  // a wide image: bands of 150 px above and below
  const RectPx timing = overlayAt(Corner::TopLeft, image, 300, 100, view, 8);
  EXPECT_DOUBLE_EQ(timing.y, 150 - 100 - 8) << "in the band above";
  EXPECT_DOUBLE_EQ(timing.x, 8);
  const RectPx histogram = overlayAt(Corner::BottomRight, image, 200, 120, view, 8);
  EXPECT_DOUBLE_EQ(histogram.y, 450 + 8) << "in the band below";
  EXPECT_DOUBLE_EQ(histogram.x, 800 - 200 - 8);
  const RectPx tall = overlayAt(Corner::TopLeft, image, 300, 200, view, 8);
  EXPECT_DOUBLE_EQ(tall.y, 158) << "too tall for the band: over the image";
  const RectPx wide = overlayAt(Corner::BottomRight, {0, 0, 100, 100}, 300, 50, {0, 0, 200, 100}, 8);
  EXPECT_GE(wide.x, 0) << "never out of the view";
}

TEST(OverlayLayout, TheHistogramTakesAFreeCornerOrNone) {
  const RectPx timing{8, 8, 500, 150};
  const RectPx corners[] = {{400, 100, 300, 120}, {492, 172, 300, 120}};
  const std::optional<RectPx> free = firstFree({corners[0], corners[1]}, {timing});
  ASSERT_TRUE(free.has_value());
  EXPECT_DOUBLE_EQ(free->y, 172) << "the first corner overlaps the timing table";
  EXPECT_FALSE(firstFree({corners[0]}, {timing}).has_value());
  EXPECT_FALSE(overlaps({0, 0, 10, 10}, {10, 0, 10, 10})) << "touching is not overlapping";
}

}  // namespace
}  // namespace kc
