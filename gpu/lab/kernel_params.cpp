#include "gpu/lab/kernel_params.hpp"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string_view>

#include "gpu/core/error.hpp"

namespace kc::lab {
namespace {

std::string knownNames(const std::vector<KernelParam>& params) {
  if (params.empty()) return "the kernel declares no @param";
  std::string names = "known:";
  for (const KernelParam& p : params) names += " " + p.name;
  return names;
}

std::string rangeText(const KernelParam& p) { return formatValue(p, p.minValue) + ".." + formatValue(p, p.maxValue); }

}  // namespace

ParamValues defaultValues(const std::vector<KernelParam>& params) {
  ParamValues values;
  for (const KernelParam& p : params) values.push_back(p.defaultValue);
  return values;
}

ParamValues applyAssignments(const std::vector<KernelParam>& params, const std::vector<std::string>& assignments) {
  ParamValues values = defaultValues(params);
  std::vector<bool> assigned(params.size(), false);
  for (const std::string& assignment : assignments) {
    const std::size_t equals = assignment.find('=');
    if (equals == std::string::npos)
      throw InvalidArgument("kernel parameter '" + assignment + "': expected name=value");
    const std::string name = assignment.substr(0, equals);
    const std::string_view text = std::string_view(assignment).substr(equals + 1);
    std::size_t index = 0;
    while (index < params.size() && params[index].name != name) ++index;
    if (index == params.size())
      throw InvalidArgument("kernel parameter '" + name + "' is not declared (" + knownNames(params) + ")");
    if (assigned[index]) throw InvalidArgument("kernel parameter '" + name + "' given twice");
    assigned[index] = true;
    const KernelParam& p = params[index];
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || !std::isfinite(value) ||
        (p.type == KernelParamType::Int && value != std::floor(value)))
      throw InvalidArgument("kernel parameter " + assignment + ": expected " +
                            (p.type == KernelParamType::Int ? "an integer" : "a number") + " in " + rangeText(p));
    if (value < p.minValue || value > p.maxValue)
      throw InvalidArgument("kernel parameter " + assignment + " is outside " + rangeText(p));
    values[index] = value;
  }
  return values;
}

std::string formatValue(const KernelParam& param, double value) {
  char text[48];
  if (param.type == KernelParamType::Int) std::snprintf(text, sizeof text, "%lld", static_cast<long long>(value));
  else std::snprintf(text, sizeof text, "%g", value);
  return text;
}

std::vector<std::uint32_t> packParams(const std::vector<KernelParam>& params, const ParamValues& values) {
  KC_REQUIRE(values.size() == params.size(), "packParams: one value per parameter");
  std::vector<std::uint32_t> words;
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (params[i].type == KernelParamType::Int)
      words.push_back(static_cast<std::uint32_t>(static_cast<std::int32_t>(values[i])));
    else words.push_back(std::bit_cast<std::uint32_t>(static_cast<float>(values[i])));
  }
  if (words.empty()) words.push_back(0);
  return words;
}

}  // namespace kc::lab
