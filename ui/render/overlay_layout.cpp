#include "ui/render/overlay_layout.hpp"

#include <algorithm>

namespace kc {

RectPx overlayAt(Corner corner, const RectPx& box, double w, double h, const RectPx& view, double margin) {
  const RectPx area = box.width >= 64 && box.height >= 64 ? box : view;
  const bool left = corner == Corner::TopLeft || corner == Corner::BottomLeft;
  const bool top = corner == Corner::TopLeft || corner == Corner::TopRight;
  double x = left ? area.x + margin : area.x + area.width - w - margin;
  double y = top ? area.y + margin : area.y + area.height - h - margin;
  // A letterbox band that holds the overlay takes it, so it covers none of the image.
  const double bandAbove = area.y - view.y, bandBelow = view.y + view.height - (area.y + area.height);
  if (top && bandAbove >= h + 2 * margin) y = area.y - h - margin;
  if (!top && bandBelow >= h + 2 * margin) y = area.y + area.height + margin;
  x = std::clamp(x, view.x, std::max(view.x, view.x + view.width - w));
  y = std::clamp(y, view.y, std::max(view.y, view.y + view.height - h));
  return {x, y, w, h};
}

std::optional<RectPx> firstFree(const std::vector<RectPx>& candidates, const std::vector<RectPx>& taken) {
  for (const RectPx& candidate : candidates)
    if (std::none_of(taken.begin(), taken.end(), [&](const RectPx& other) { return overlaps(candidate, other); }))
      return candidate;
  return std::nullopt;
}

}  // namespace kc
