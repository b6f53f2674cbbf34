#pragma once
// Where the overlays go in the view: the timing table at the top left of its image, the histogram
// at the bottom right of the filtered image, each moved into the letterbox band beside the image
// where the band holds it. Never over each other or over a caption (A/B's labels): where the
// histogram's corner is taken it goes to another corner of the view, and it is left out where none
// is free (a short view with the demo panel open); the timing table, what the view is for, keeps its
// corner. Plain geometry, so the tests place them for any view without GL.
#include <optional>
#include <vector>

#include "ui/render/gl_renderer.hpp"

namespace kc {

enum class Corner { TopLeft, TopRight, BottomLeft, BottomRight };

inline bool overlaps(const RectPx& a, const RectPx& b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

// A w x h overlay at `corner` of `box` (`margin` inside it; the whole view when the box is too
// small to anchor to), moved into the band between the box and the view's edge where the band
// holds it, and kept inside the view.
RectPx overlayAt(Corner corner, const RectPx& box, double w, double h, const RectPx& view, double margin);

// The first candidate that overlaps none of `taken`; nothing when every one does.
std::optional<RectPx> firstFree(const std::vector<RectPx>& candidates, const std::vector<RectPx>& taken);

}  // namespace kc
