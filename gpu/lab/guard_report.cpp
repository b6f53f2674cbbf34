#include "gpu/lab/guard_report.hpp"

#include <algorithm>

namespace kc::lab {
namespace {

// Changed bytes of one guard region, and the rows (and for the right guard the first pixel
// column) they are in.
struct Findings {
  std::size_t changed = 0;
  int firstRow = 0, lastRow = 0;
  int firstX = 0;
  void add(int row) {
    if (changed++ == 0) firstRow = lastRow = row;
    firstRow = std::min(firstRow, row);
    lastRow = std::max(lastRow, row);
  }
  std::string rows() const {
    return firstRow == lastRow ? "row " + std::to_string(firstRow)
                               : "rows " + std::to_string(firstRow) + ".." + std::to_string(lastRow);
  }
};

void describe(std::string& text, const Findings& f, const std::string& place) {
  if (!f.changed) return;
  if (!text.empty()) text += ", ";
  text.append(std::to_string(f.changed)).append(f.changed == 1 ? " byte " : " bytes ").append(place);
  text.append(" (").append(f.rows()).append(")");
}

}  // namespace

std::string describeGuardWrites(const GuardLayout& layout, const GuardBytes& bytes) {
  Findings above, below, right;
  for (std::size_t i = 0; i < bytes.above.size(); ++i)
    if (bytes.above[i] != kGuardByte) above.add(static_cast<int>(i / layout.pitch) - layout.guardRows);
  for (std::size_t i = 0; i < bytes.below.size(); ++i)
    if (bytes.below[i] != kGuardByte) below.add(layout.height + static_cast<int>(i / layout.pitch));
  const std::size_t rightBytes = layout.pitch - layout.rowBytes();
  for (std::size_t i = 0; rightBytes > 0 && i < bytes.right.size(); ++i)
    if (bytes.right[i] != kGuardByte) {
      const int x = layout.width + static_cast<int>(i % rightBytes) / layout.channels;
      right.firstX = right.changed ? std::min(right.firstX, x) : x;
      right.add(static_cast<int>(i / rightBytes));
    }
  std::string text;
  describe(text, above, "above the output");
  describe(text, below, "below the output");
  describe(text, right, "right of the rows, from x = " + std::to_string(right.firstX));
  return text;
}

}  // namespace kc::lab
