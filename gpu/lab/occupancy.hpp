#pragma once
// Theoretical occupancy of a loaded kernel at its @block size on one device (LabRunner::occupancy
// measures it; the CLI and the editor print it the same way).
#include <string>

namespace kc::lab {

struct Occupancy {
  int blockThreads = 0;
  int activeBlocksPerSm = 0;
  int activeWarpsPerSm = 0;
  int maxWarpsPerSm = 0;
  double fraction() const { return maxWarpsPerSm ? static_cast<double>(activeWarpsPerSm) / maxWarpsPerSm : 0.0; }
};

// "100% at 256 threads per block (8 blocks = 64 of 64 warps per SM)"
std::string describeOccupancy(const Occupancy& occupancy);

}  // namespace kc::lab
