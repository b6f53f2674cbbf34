#pragma once
// How the view shows the two frames.
#include <optional>
#include <string_view>

namespace kc {

enum class ViewMode { SideBySide, FilteredOnly, Split };

inline const char* viewModeName(ViewMode mode) {
  switch (mode) {
    case ViewMode::FilteredOnly:
      return "filtered";
    case ViewMode::Split:
      return "split";
    case ViewMode::SideBySide:
      break;
  }
  return "side-by-side";
}

inline std::optional<ViewMode> parseViewMode(std::string_view text) {
  for (ViewMode mode : {ViewMode::SideBySide, ViewMode::FilteredOnly, ViewMode::Split})
    if (text == viewModeName(mode)) return mode;
  return std::nullopt;
}

inline ViewMode nextViewMode(ViewMode mode) {
  switch (mode) {
    case ViewMode::SideBySide:
      return ViewMode::FilteredOnly;
    case ViewMode::FilteredOnly:
      return ViewMode::Split;
    case ViewMode::Split:
      break;
  }
  return ViewMode::SideBySide;
}

}  // namespace kc
