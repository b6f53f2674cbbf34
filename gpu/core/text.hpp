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

}  // namespace kc
