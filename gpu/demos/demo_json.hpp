#pragma once
// How the demo results write their JSON fields (demo_result.hpp's jsonFields): nlohmann-json,
// every number as the run measured it (`kernelcam demo --json` re-emits the object through Qt,
// sorted and indented as it always was). Included by .cpp files only.
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

namespace kc::demos {

// A number, or null where it is NaN / infinite (not measured): JSON has no NaN.
inline nlohmann::ordered_json jsonNumber(double value) {
  return std::isfinite(value) ? nlohmann::ordered_json(value) : nlohmann::ordered_json(nullptr);
}

// Compact text; bytes that are not UTF-8 (a file name) become U+FFFD, as QString would make them.
inline std::string jsonText(const nlohmann::ordered_json& object) {
  return object.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace kc::demos
