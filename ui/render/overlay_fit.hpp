#pragma once
// How large an overlay panel is drawn in a view of a given size (a factor of its painted pixels).
#include <algorithm>

namespace kc {

// 1:1 where it fits (scaled text blurs). In a small view it shrinks to half the view's width, so
// the two panels and the image stay visible, but not below kMinLegibleOverlayScale of its painted
// size (a 13 px font stays ~10 px; at half of a 530 px view, beside the kernel lab, it was 7 px and
// unreadable) unless the view itself is narrower than that. Never taller than half the view.
inline constexpr double kMinLegibleOverlayScale = 0.8;
inline double overlayDrawScale(double viewWidth, double viewHeight, double overlayWidth, double overlayHeight,
                               double marginPx) {
  if (overlayWidth <= 0 || overlayHeight <= 0) return 1.0;
  const double halfWidth = (viewWidth * 0.5 - 2 * marginPx) / overlayWidth;
  const double wholeWidth = (viewWidth - 2 * marginPx) / overlayWidth;
  const double halfHeight = viewHeight * 0.5 / overlayHeight;
  return std::max(0.0, std::min({1.0, std::max(halfWidth, kMinLegibleOverlayScale), wholeWidth, halfHeight}));
}

}  // namespace kc
