#include "gpu/lab/occupancy.hpp"

#include <cstdio>

namespace kc::lab {

std::string describeOccupancy(const Occupancy& o) {
  char text[160];
  std::snprintf(text, sizeof text, "%.0f%% at %d threads per block (%d blocks = %d of %d warps per SM)",
                100.0 * o.fraction(), o.blockThreads, o.activeBlocksPerSm, o.activeWarpsPerSm, o.maxWarpsPerSm);
  return text;
}

}  // namespace kc::lab
