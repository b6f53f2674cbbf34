#pragma once
// Names of the convolution presets and border modes, as the CLI (--filters) and the UI spell them:
// box gauss sharpen sobelx sobely laplacian emboss identity custom; clamp zero reflect.
#include <optional>
#include <string>
#include <string_view>

#include "gpu/image/convolution.hpp"

namespace kc {

std::string toString(ConvPreset preset);
std::string toString(BorderMode border);

// Exact, case-sensitive match of the names above; nullopt for anything else.
std::optional<ConvPreset> parseConvPreset(std::string_view name);
std::optional<BorderMode> parseBorderMode(std::string_view name);

}  // namespace kc
