#include "gpu/demos/matmul/matmul_memory.hpp"

#include "gpu/demos/demo_definition.hpp"

namespace kc::demos {

MemoryNeed matmulDemoMemory(const MatmulDemoConfig& c) {
  const double m = c.M, n = c.N, k = c.K;
  // A and B (4 bytes an element); with the full CPU reference also C twice (double or int64-wide
  // accumulators: 8 bytes) and B transposed for the blocked loop.
  double host = 4.0 * (m * k + k * n);
  if (matmulFlops(c) <= c.cpuFlopLimit) host += 16.0 * m * n + 4.0 * n * k;
  MemoryNeed need{host, 0};
  if (c.backend == Backend::Cuda) {
    need.hostBytes += 4.0 * m * n;  // C downloaded for the check
    need.deviceBytes = 4.0 * (m * k + k * n + m * n) + kLibraryWorkspaceBytes;
  }
  return need;
}

}  // namespace kc::demos
