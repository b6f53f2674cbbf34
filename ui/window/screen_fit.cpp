#include "ui/window/screen_fit.hpp"

#include <algorithm>
#include <cmath>

namespace kc {

namespace {
// The area the window itself may take: the available area less its frame.
QRect inside(const QRect& available, const QMargins& frame) { return available.marginsRemoved(frame); }
}  // namespace

QRect firstWindowGeometry(const QRect& available, const QMargins& frame) {
  const QRect room = inside(available, frame);
  // A screen up to kRoomyScreen gets all of it (a projector's or a laptop's every pixel counts);
  // a larger one kFirstWindowShare, the desktop in sight around the window.
  const QSize size(
      std::max(kRoomyScreen.width(), static_cast<int>(std::lround(available.width() * kFirstWindowShare))),
      std::max(kRoomyScreen.height(), static_cast<int>(std::lround(available.height() * kFirstWindowShare))));
  const QSize bounded = size.boundedTo(room.size());
  QRect geometry(QPoint(0, 0), bounded);
  geometry.moveCenter(room.center());
  return geometry;
}

bool fitsOnScreen(const QRect& geometry, const QRect& available, const QMargins& frame) {
  return geometry.isValid() && inside(available, frame).contains(geometry);
}

QRect keptOnScreen(const QRect& geometry, const QRect& available, const QMargins& frame) {
  if (fitsOnScreen(geometry, available, frame)) return geometry;
  const QRect room = inside(available, frame);
  QRect kept(geometry.topLeft(), geometry.size().boundedTo(room.size()));
  kept.moveLeft(std::clamp(kept.left(), room.left(), room.right() - kept.width() + 1));
  kept.moveTop(std::clamp(kept.top(), room.top(), room.bottom() - kept.height() + 1));
  return kept;
}

}  // namespace kc
