#include "gpu/core/text_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <utility>

namespace kc {

namespace {

// Width on a terminal: UTF-8 code points, not bytes, so names with a "×" or "—" still line up.
std::size_t displayWidth(const std::string& text) {
  std::size_t width = 0;
  for (unsigned char c : text) width += (c & 0xC0) != 0x80;
  return width;
}

void appendPadded(std::string& line, const std::string& cell, std::size_t width, TextTable::Align align) {
  const std::string pad(width - std::min(width, displayWidth(cell)), ' ');
  line += align == TextTable::Align::Right ? pad + cell : cell + pad;
}

}  // namespace

TextTable::TextTable(std::vector<Column> columns) : columns_(std::move(columns)) {}

void TextTable::addRow(std::vector<std::string> cells) {
  cells.resize(columns_.size());
  rows_.push_back(std::move(cells));
}

std::string TextTable::format() const {
  std::vector<std::size_t> widths;
  for (const Column& column : columns_) widths.push_back(displayWidth(column.heading));
  for (const auto& row : rows_)
    for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], displayWidth(row[c]));

  auto formatLine = [&](auto&& cellAt) {
    std::string line;
    for (std::size_t c = 0; c < columns_.size(); ++c) {
      if (c) line += "  ";
      appendPadded(line, cellAt(c), widths[c], columns_[c].align);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();  // a left-aligned last column pads nothing
    return line + '\n';
  };
  std::string text = formatLine([&](std::size_t c) -> const std::string& { return columns_[c].heading; });
  text += formatLine([&](std::size_t c) { return std::string(widths[c], '-'); });
  for (const auto& row : rows_) text += formatLine([&](std::size_t c) -> const std::string& { return row[c]; });
  return text;
}

std::string formatFixed(double value, int decimals) {
  if (std::isnan(value)) return "-";
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

}  // namespace kc
