#pragma once
// An H200's limits as the driver reports them (DeviceLimits), for the tests of their one-line form
// and of `kernel check`'s cache.
#include "gpu/lab/device_limits.hpp"

namespace kc::test {

inline lab::DeviceLimits h200Limits() {
  lab::DeviceLimits l;
  l.computeMajor = 9;
  l.computeMinor = 0;
  l.maxThreadsPerBlock = 1024;
  l.maxThreadsPerSm = 2048;
  l.registersPerBlock = 65536;
  l.registersPerSm = 65536;
  l.warpSize = 32;
  l.sharedPerBlock = 49152;
  l.sharedPerSm = 233472;
  l.sharedPerBlockOptin = 232448;
  l.reservedSharedPerBlock = 1024;
  l.smCount = 132;
  return l;
}

}  // namespace kc::test
