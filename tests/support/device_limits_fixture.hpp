#pragma once
// An H200's limits as the driver reports them (DeviceLimits), for the tests of their one-line form
// and of `kernel check`'s cache.
#include "gpu/lab/device_limits.hpp"

namespace kc::test {

inline lab::DeviceLimits h200Limits() {
  return {.computeMajor = 9,
          .computeMinor = 0,
          .maxThreadsPerBlock = 1024,
          .maxThreadsPerSm = 2048,
          .registersPerBlock = 65536,
          .registersPerSm = 65536,
          .warpSize = 32,
          .sharedPerBlock = 49152,
          .sharedPerSm = 233472,
          .sharedPerBlockOptin = 232448,
          .reservedSharedPerBlock = 1024,
          .smCount = 132};
}

}  // namespace kc::test
