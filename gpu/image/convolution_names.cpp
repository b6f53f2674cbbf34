#include "gpu/image/convolution_names.hpp"

#include <array>
#include <utility>

namespace kc {

namespace {

constexpr std::array<std::pair<ConvPreset, std::string_view>, 9> kPresetNames{{
    {ConvPreset::Box, "box"},
    {ConvPreset::Gaussian, "gauss"},
    {ConvPreset::Sharpen, "sharpen"},
    {ConvPreset::SobelX, "sobelx"},
    {ConvPreset::SobelY, "sobely"},
    {ConvPreset::Laplacian, "laplacian"},
    {ConvPreset::Emboss, "emboss"},
    {ConvPreset::Identity, "identity"},
    {ConvPreset::Custom, "custom"},
}};

constexpr std::array<std::pair<BorderMode, std::string_view>, 3> kBorderNames{{
    {BorderMode::Clamp, "clamp"},
    {BorderMode::Zero, "zero"},
    {BorderMode::Reflect, "reflect"},
}};

template <class Enum, std::size_t N>
std::string nameOf(const std::array<std::pair<Enum, std::string_view>, N>& table, Enum value) {
  for (const auto& [v, name] : table)
    if (v == value) return std::string(name);
  return "unknown";
}

template <class Enum, std::size_t N>
std::optional<Enum> valueOf(const std::array<std::pair<Enum, std::string_view>, N>& table, std::string_view name) {
  for (const auto& [v, n] : table)
    if (n == name) return v;
  return std::nullopt;
}

}  // namespace

std::string toString(ConvPreset preset) { return nameOf(kPresetNames, preset); }
std::string toString(BorderMode border) { return nameOf(kBorderNames, border); }
std::optional<ConvPreset> parseConvPreset(std::string_view name) { return valueOf(kPresetNames, name); }
std::optional<BorderMode> parseBorderMode(std::string_view name) { return valueOf(kBorderNames, name); }

}  // namespace kc
