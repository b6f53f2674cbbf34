#pragma once
// A light lexical pass over user CUDA source: the code with comments and string/character literals
// blanked out (same length, same line breaks, so offsets still name lines and columns), and the
// `//` comments, where the lab's annotations live. Not a C++ parser: enough to find annotations
// and `__global__` functions without being fooled by a comment or a string that mentions them.
#include <string>
#include <string_view>
#include <vector>

namespace kc::lab {

struct LineComment {
  int line = 0;      // 1-based
  int column = 0;    // 1-based column of the first character after "//"
  std::string text;  // everything after "//" up to the end of the line
};

struct ScannedSource {
  std::string code;  // the source with comments and literals replaced by spaces
  std::vector<LineComment> lineComments;
};

ScannedSource scanSource(std::string_view text);

// 1-based line and column of a byte offset in `text`.
struct TextPosition {
  int line = 1;
  int column = 1;
};
TextPosition positionOf(std::string_view text, std::size_t offset);

}  // namespace kc::lab
