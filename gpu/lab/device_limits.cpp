#include "gpu/lab/device_limits.hpp"

#include <array>
#include <sstream>
#include <utility>

namespace kc::lab {
namespace {

using Field = std::pair<const char*, int DeviceLimits::*>;
constexpr std::array<Field, 12> kFields{{{"cc_major", &DeviceLimits::computeMajor},
                                         {"cc_minor", &DeviceLimits::computeMinor},
                                         {"threads_per_block", &DeviceLimits::maxThreadsPerBlock},
                                         {"threads_per_sm", &DeviceLimits::maxThreadsPerSm},
                                         {"registers_per_block", &DeviceLimits::registersPerBlock},
                                         {"registers_per_sm", &DeviceLimits::registersPerSm},
                                         {"warp", &DeviceLimits::warpSize},
                                         {"shared_per_block", &DeviceLimits::sharedPerBlock},
                                         {"shared_per_sm", &DeviceLimits::sharedPerSm},
                                         {"shared_per_block_optin", &DeviceLimits::sharedPerBlockOptin},
                                         {"reserved_shared_per_block", &DeviceLimits::reservedSharedPerBlock},
                                         {"sms", &DeviceLimits::smCount}}};

}  // namespace

std::string formatDeviceLimits(const DeviceLimits& limits) {
  std::ostringstream text;
  for (const auto& [name, member] : kFields) text << (text.tellp() > 0 ? " " : "") << name << '=' << limits.*member;
  return text.str();
}

std::optional<DeviceLimits> parseDeviceLimits(const std::string& text) {
  DeviceLimits limits;
  std::istringstream words(text);
  std::string word;
  std::size_t found = 0;
  while (words >> word) {
    const std::size_t equals = word.find('=');
    if (equals == std::string::npos) return std::nullopt;
    const std::string name = word.substr(0, equals), value = word.substr(equals + 1);
    bool known = false;
    for (const auto& [field, member] : kFields) {
      if (name != field) continue;
      try {
        std::size_t used = 0;
        limits.*member = std::stoi(value, &used);
        if (used != value.size() || limits.*member < 0) return std::nullopt;
      } catch (const std::exception&) {
        return std::nullopt;
      }
      known = true;
      ++found;
    }
    if (!known) return std::nullopt;
  }
  if (found != kFields.size() || limits.warpSize <= 0 || limits.computeMajor <= 0) return std::nullopt;
  return limits;
}

}  // namespace kc::lab
