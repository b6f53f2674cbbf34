#pragma once
// What a kernel's theoretical occupancy depends on in a device, and its architecture: read from the
// driver once (gpu/lab/cuda/occupancy_calculator.hpp) and kept by `kernel check` between runs
// (app/cli/device_limits_cache.hpp), so that a check needs no CUDA start-up at all.
#include <optional>
#include <string>

namespace kc::lab {

struct DeviceLimits {
  int computeMajor = 0, computeMinor = 0;
  int maxThreadsPerBlock = 0, maxThreadsPerSm = 0;
  int registersPerBlock = 0, registersPerSm = 0;
  int warpSize = 0;
  int sharedPerBlock = 0, sharedPerSm = 0, sharedPerBlockOptin = 0, reservedSharedPerBlock = 0;
  int smCount = 0;

  int arch() const { return computeMajor * 10 + computeMinor; }  // 90 for sm_90
  bool operator==(const DeviceLimits&) const = default;
};

// One line of NAME=VALUE words, and back; nullopt for text that is not such a line with every field.
std::string formatDeviceLimits(const DeviceLimits& limits);
std::optional<DeviceLimits> parseDeviceLimits(const std::string& text);

}  // namespace kc::lab
