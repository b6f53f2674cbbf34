#include "gpu/pipeline/filter_chain.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <utility>

#include "gpu/core/error.hpp"
#include "gpu/image/convolution_names.hpp"
#include "gpu/image/histogram.hpp"

namespace kc {

namespace {

// CLI spellings: gray weights here; presets and borders from gpu/image/convolution_names.hpp.
constexpr std::array<std::pair<GrayWeights, const char*>, 3> kGrayNames{{
    {GrayWeights::Lab, "lab"}, {GrayWeights::BT601, "bt601"}, {GrayWeights::BT709, "bt709"}}};
constexpr std::array<ConvPreset, 9> kPresets{ConvPreset::Box,     ConvPreset::Gaussian,  ConvPreset::Sharpen,
                                             ConvPreset::SobelX,  ConvPreset::SobelY,    ConvPreset::Laplacian,
                                             ConvPreset::Emboss,  ConvPreset::Identity,  ConvPreset::Custom};
constexpr std::array<BorderMode, 3> kBorders{BorderMode::Clamp, BorderMode::Zero, BorderMode::Reflect};

template <class Enum, std::size_t N>
std::vector<std::string> namesOf(const std::array<Enum, N>& values) {
  std::vector<std::string> names;
  for (Enum value : values) names.push_back(toString(value));
  return names;
}

template <class Enum, std::size_t N>
const char* nameOf(const std::array<std::pair<Enum, const char*>, N>& table, Enum value) {
  for (const auto& [v, name] : table)
    if (v == value) return name;
  return "?";
}

template <class Enum, std::size_t N>
std::vector<std::string> namesOf(const std::array<std::pair<Enum, const char*>, N>& table) {
  std::vector<std::string> names;
  for (const auto& entry : table) names.emplace_back(entry.second);
  return names;
}

std::string joined(const std::vector<std::string>& items, const char* separator = ", ") {
  std::string text;
  for (const auto& item : items) {
    if (!text.empty()) text += separator;
    text += item;
  }
  return text;
}

[[noreturn]] void fail(const std::string& message) { throw InvalidArgument("--filters: " + message); }

template <class Enum, std::size_t N>
Enum parseChoice(const std::array<std::pair<Enum, const char*>, N>& table, std::string_view text,
                 const std::string& what) {
  for (const auto& [value, name] : table)
    if (text == name) return value;
  fail("unknown " + what + " '" + std::string(text) + "' (expected one of: " + joined(namesOf(table)) + ")");
}

template <class Enum, class Parser, std::size_t N>
Enum parseNamed(Parser parse, const std::array<Enum, N>& values, std::string_view text, const std::string& what) {
  if (const auto value = parse(text)) return *value;
  fail("unknown " + what + " '" + std::string(text) + "' (expected one of: " + joined(namesOf(values)) + ")");
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return parts;
}

int parseInt(std::string_view text, int minValue, int maxValue, const std::string& what) {
  text = trim(text);
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    fail(what + " '" + std::string(text) + "' is not an integer (expected " + std::to_string(minValue) + ".." +
         std::to_string(maxValue) + ")");
  if (value < minValue || value > maxValue)
    fail(what + " " + std::to_string(value) + " is out of range (expected " + std::to_string(minValue) + ".." +
         std::to_string(maxValue) + ")");
  return value;
}

int parseKernelSize(std::string_view text) {
  const int size = parseInt(text, 1, kMaxKernelSize, "conv size");
  if (size % 2 == 0)
    fail("conv size " + std::to_string(size) + " is even (the kernel needs a centre: 1, 3, 5, ... " +
         std::to_string(kMaxKernelSize) + ")");
  return size;
}

std::vector<float> parseWeights(std::string_view text, int size) {
  std::vector<float> weights;
  for (std::string_view token : split(text, ' ')) {
    token = trim(token);
    if (token.empty()) continue;
    float value = 0;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec != std::errc() || end != token.data() + token.size())
      fail("custom weight '" + std::string(token) + "' is not a number");
    if (!std::isfinite(value)) fail("custom weight '" + std::string(token) + "' is not finite (NaN or Inf)");
    weights.push_back(value);
  }
  const std::size_t expected = static_cast<std::size_t>(size) * static_cast<std::size_t>(size);
  if (weights.size() != expected)
    fail("conv=custom:" + std::to_string(size) + " needs " + std::to_string(expected) + " weights (row by row), got " +
         std::to_string(weights.size()));
  return weights;
}

std::string formatFloat(float value) {
  char buffer[32];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);  // shortest round-trip form
  return ec == std::errc() ? std::string(buffer, end) : std::string("0");
}

std::vector<FilterDescriptor> makeDescriptors() {
  ParamDescriptor grayWeights{"weights", "Weights", ParamType::Choice, namesOf(kGrayNames), 0, 0, 1, "lab",
                              "RGB weights: lab = 0.21/0.71/0.07 (the lab report), bt601, bt709"};
  ParamDescriptor preset{"preset", "Preset", ParamType::Choice, namesOf(kPresets), 0, 0, 1, "gauss",
                         "Kernel preset, or custom weights"};
  ParamDescriptor size{"size", "Size", ParamType::Int, {}, 1, kMaxKernelSize, 2, "5", "Kernel width and height (odd)"};
  ParamDescriptor custom{"custom", "Weights", ParamType::FloatList, {}, 0, 0, 1, "",
                         "size*size weights, row by row, space-separated (preset custom only)"};
  ParamDescriptor border{"border", "Border", ParamType::Choice, namesOf(kBorders), 0, 0, 1, "clamp",
                         "Pixels outside the image: clamp (replicate), zero, reflect (101)"};
  ParamDescriptor bins{"bins", "Bins", ParamType::Int, {}, 1, kMaxHistogramBins, 1, "256",
                       "Equal bins over 0..255 (256 = one per level)"};
  return {
      {StageKind::Gray, "gray", "Grayscale", "RGBA -> grey with the chosen weights", {grayWeights}},
      {StageKind::Conv, "conv", "Convolution", "2D convolution (correlation, as cv::filter2D)",
       {preset, size, custom, border}},
      {StageKind::Hist, "hist", "Histogram", "Histogram of the current image (grey, or r,g,b)", {bins}},
      {StageKind::Transpose, "transpose", "Transpose", "Swap rows and columns", {}},
  };
}

}  // namespace

ConvKernel ConvParams::kernel() const {
  KC_REQUIRE(size >= 1 && size <= kMaxKernelSize && size % 2 == 1,
             "conv size " + std::to_string(size) + " must be odd and within 1.." + std::to_string(kMaxKernelSize));
  ConvKernel result;
  if (preset == ConvPreset::Custom) {
    result.size = size;
    result.weights = customWeights;
  } else {
    result = makePresetKernel(preset, size);
  }
  validateKernel(result);
  return result;
}

const std::vector<FilterDescriptor>& filterDescriptors() {
  static const std::vector<FilterDescriptor> descriptors = makeDescriptors();
  return descriptors;
}

const FilterDescriptor& descriptorFor(StageKind kind) {
  for (const auto& d : filterDescriptors())
    if (d.kind == kind) return d;
  throw InvalidArgument("descriptorFor: unknown stage kind");
}

StageSpec parseStage(std::string_view text) {
  text = trim(text);
  if (text.empty()) fail("empty stage (two commas in a row, or a trailing comma?)");
  const std::size_t eq = text.find('=');
  const std::string_view name = trim(text.substr(0, eq));
  const bool hasParams = eq != std::string_view::npos;
  const std::vector<std::string_view> params =
      hasParams ? split(text.substr(eq + 1), ':') : std::vector<std::string_view>{};
  const std::string stageText(text);
  auto tooMany = [&](std::size_t allowed, const char* syntax) {
    if (params.size() > allowed) fail("too many parameters in '" + stageText + "' (syntax: " + syntax + ")");
  };

  StageSpec spec;
  if (name == "gray") {
    spec.kind = StageKind::Gray;
    tooMany(1, "gray=lab|bt601|bt709");
    if (!params.empty()) spec.gray.weights = parseChoice(kGrayNames, trim(params[0]), "gray weights");
  } else if (name == "conv") {
    spec.kind = StageKind::Conv;
    if (!params.empty()) spec.conv.preset = parseNamed(parseConvPreset, kPresets, trim(params[0]), "conv preset");
    if (spec.conv.preset == ConvPreset::Custom) {
      tooMany(4, "conv=custom:SIZE:WEIGHTS[:BORDER]");
      if (params.size() < 3) fail("'" + stageText + "': custom needs a size and weights (conv=custom:3:0 -1 0 -1 5 -1 0 -1 0)");
      spec.conv.size = parseKernelSize(params[1]);
      spec.conv.customWeights = parseWeights(params[2], spec.conv.size);
      if (params.size() == 4) spec.conv.border = parseNamed(parseBorderMode, kBorders, trim(params[3]), "conv border");
    } else {
      tooMany(3, "conv=PRESET:SIZE[:BORDER]");
      if (params.size() >= 2) spec.conv.size = parseKernelSize(params[1]);
      if (params.size() == 3) spec.conv.border = parseNamed(parseBorderMode, kBorders, trim(params[2]), "conv border");
    }
    // A preset may not exist at every size (sobel, laplacian: 3 and up): say so here, with the
    // stage text, rather than when the pipeline first builds the kernel.
    try {
      (void)spec.conv.kernel();
    } catch (const InvalidArgument& e) {
      fail("'" + stageText + "': " + e.what());
    }
  } else if (name == "hist") {
    spec.kind = StageKind::Hist;
    tooMany(1, "hist=BINS");
    if (!params.empty()) spec.hist.bins = parseInt(params[0], 1, kMaxHistogramBins, "hist bins");
  } else if (name == "transpose") {
    spec.kind = StageKind::Transpose;
    if (hasParams) fail("transpose takes no parameters (got '" + stageText + "')");
  } else {
    std::vector<std::string> known;
    for (const auto& d : filterDescriptors()) known.push_back(d.id);
    fail("unknown stage '" + std::string(name) + "' (known stages: " + joined(known) + ")");
  }
  return spec;
}

FilterChain parseFilterChain(std::string_view text) {
  if (trim(text).empty()) fail("empty filter list (example: gray=lab,conv=gauss:5,hist=256)");
  FilterChain chain;
  for (std::string_view stage : split(text, ',')) chain.push_back(parseStage(stage));
  return chain;
}

std::string formatStage(const StageSpec& stage) {
  switch (stage.kind) {
    case StageKind::Gray: return std::string("gray=") + nameOf(kGrayNames, stage.gray.weights);
    case StageKind::Conv: {
      std::string text = std::string("conv=") + toString(stage.conv.preset) + ":" +
                         std::to_string(stage.conv.size);
      if (stage.conv.preset == ConvPreset::Custom) {
        std::string weights;
        for (float w : stage.conv.customWeights) {
          if (!weights.empty()) weights += ' ';
          weights += formatFloat(w);
        }
        text += ":" + weights;
      }
      return text + ":" + toString(stage.conv.border);
    }
    case StageKind::Hist: return "hist=" + std::to_string(stage.hist.bins);
    case StageKind::Transpose: break;
  }
  return "transpose";
}

std::string formatFilterChain(const FilterChain& chain) {
  std::string text;
  for (const auto& stage : chain) {
    if (!text.empty()) text += ',';
    text += formatStage(stage);
  }
  return text;
}

std::string stageLabel(const StageSpec& stage) {
  switch (stage.kind) {
    case StageKind::Gray: return std::string("gray ") + nameOf(kGrayNames, stage.gray.weights);
    case StageKind::Conv: {
      const std::string n = std::to_string(stage.conv.size);
      std::string label = std::string("conv ") + toString(stage.conv.preset) + " " + n + "x" + n;
      if (stage.conv.border != BorderMode::Clamp) label += std::string(" ") + toString(stage.conv.border);
      return label;
    }
    case StageKind::Hist: return "hist " + std::to_string(stage.hist.bins);
    case StageKind::Transpose: break;
  }
  return "transpose";
}

std::vector<std::string> stageLabels(const FilterChain& chain) {
  std::vector<std::string> labels;
  for (const auto& stage : chain) {
    const std::string base = stageLabel(stage);
    int seen = 0;
    for (const auto& previous : chain) {
      if (&previous == &stage) break;
      if (stageLabel(previous) == base) ++seen;
    }
    labels.push_back(seen == 0 ? base : base + " #" + std::to_string(seen + 1));
  }
  return labels;
}

FilterChain defaultFilterChain() {
  StageSpec gray;
  gray.kind = StageKind::Gray;
  StageSpec conv;
  conv.kind = StageKind::Conv;
  StageSpec transpose;
  transpose.kind = StageKind::Transpose;
  StageSpec hist;
  hist.kind = StageKind::Hist;
  return {gray, conv, transpose, hist};
}

}  // namespace kc
