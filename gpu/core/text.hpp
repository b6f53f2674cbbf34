#pragma once
// The string helpers the option and list parsers share (filter chains, bench keys and lists).
#include <string_view>
#include <vector>

namespace kc {

// `text` without the spaces and tabs at either end.
std::string_view trim(std::string_view text);

// Every field between separators, empty ones included: "a,,b" -> {"a", "", "b"}, "" -> {""},
// "a," -> {"a", ""}. The views point into `text`; fields are not trimmed.
std::vector<std::string_view> split(std::string_view text, char separator);

// "WxH": two whole numbers separated by one x or X ("640x480", "640X480"), nothing else (no
// signs, spaces or leading '+'). The one WxH reader: frame sizes (--size, --camera-format) and
// the lab's @block; each caller checks the range it allows. False, with the outputs untouched,
// otherwise.
bool parseWxH(std::string_view text, int* width, int* height);

}  // namespace kc
