#pragma once
// The window's size from the screen it is on, for a classroom's projector (1280x720), a laptop
// (1024x768, 1366x768) as for a desktop: the first size is most of the screen's available area
// (what the task bars and panels leave), a remembered geometry comes back only while it still fits
// that area, and a window the screen cannot hold (larger text, another screen) is brought inside it.
// Plain geometry: the main window applies it (main_window.cpp), tests give any screen.
#include <QMargins>
#include <QRect>
#include <QSize>

namespace kc {

// The room a window manager's frame takes around the window (title bar, borders) before the window
// is shown and Qt knows the real one.
inline const QMargins kFrameAllowance{4, 32, 4, 4};
// The share of a large screen's available area the first window takes (the desktop stays in sight
// around it); a screen up to kRoomyScreen gives the window all of its area.
inline constexpr double kFirstWindowShare = 0.9;
inline constexpr QSize kRoomyScreen{1600, 1000};

// Where the window (without its frame) goes the first time: centred, with `frame` around it
// inside the available area.
QRect firstWindowGeometry(const QRect& available, const QMargins& frame = kFrameAllowance);
// Whether the window at `geometry` with `frame` around it lies inside `available`.
bool fitsOnScreen(const QRect& geometry, const QRect& available, const QMargins& frame = kFrameAllowance);
// `geometry` made to fit `available` with its frame: no larger, moved inside (unchanged when it fits).
QRect keptOnScreen(const QRect& geometry, const QRect& available, const QMargins& frame = kFrameAllowance);

}  // namespace kc
