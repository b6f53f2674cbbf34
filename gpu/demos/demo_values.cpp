#include "gpu/demos/demo_values.hpp"

#include <charconv>

#include "gpu/core/message_text.hpp"
#include "gpu/core/text.hpp"

namespace kc::demos {

long long wholeNumber(const DemoRequest& request, const std::string& param, long long low, long long high) {
  return wholeNumber(param, request.value(param), low, high);
}

long long wholeNumber(const std::string& param, const std::string& text, long long low, long long high) {
  std::string_view digits = trim(text);
  if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
  long long value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  const bool whole = !digits.empty() && end == digits.data() + digits.size() &&
                     (ec == std::errc() || ec == std::errc::result_out_of_range) &&
                     digits.find_first_not_of("-0123456789") == std::string_view::npos;
  if (whole && ec == std::errc() && value >= low && value <= high) return value;
  throw DemoValueError(param, quotedText(text, 40),
                       std::string(whole ? "out of range, expected " : "expected a whole number in ") +
                           std::to_string(low) + ".." + std::to_string(high));
}

void checkGivenRanges(const DemoRequest& request) {
  for (const DemoParam& param : request.demo->params)
    if (param.descriptor.type == ParamType::Int && request.has(param.id()))
      (void)wholeNumber(request, param.id(), param.descriptor.minValue, param.descriptor.maxValue);
}

}  // namespace kc::demos
