#include "gpu/demos/demo_memory.hpp"

#include <cstdint>

namespace kc::demos {

namespace {
constexpr double kLibraryWorkspace = 64.0 * 1024 * 1024;  // cuBLAS / CUB / cuSPARSE scratch, context
}

MemoryNeed reduceDemoMemory(const ReduceDemoConfig& c) {
  // The input (int32 or float; mat3min: 9 planes) on the host, and once on the device with its
  // partial-result scratch (a small fraction of it).
  const double input = 4.0 * static_cast<double>(c.n) * (c.op == ReduceDemoOp::Mat3Min ? 9 : 1);
  MemoryNeed need{input, 0};
  if (c.backend == Backend::Cuda) need.deviceBytes = input * 1.1 + kLibraryWorkspace;
  return need;
}

MemoryNeed matmulDemoMemory(const MatmulDemoConfig& c) {
  const double m = c.M, n = c.N, k = c.K;
  // A and B (4 bytes an element); with the full CPU reference also C twice (double or int64-wide
  // accumulators: 8 bytes) and B transposed for the blocked loop.
  double host = 4.0 * (m * k + k * n);
  if (matmulFlops(c) <= c.cpuFlopLimit) host += 16.0 * m * n + 4.0 * n * k;
  MemoryNeed need{host, 0};
  if (c.backend == Backend::Cuda) {
    need.hostBytes += 4.0 * m * n;  // C downloaded for the check
    need.deviceBytes = 4.0 * (m * k + k * n + m * n) + kLibraryWorkspace;
  }
  return need;
}

}  // namespace kc::demos

namespace kc::cg {

long long poisson2DNonzeros(long long gridN) { return 5 * gridN * gridN - 4 * gridN; }

MemoryNeed cgDemoMemory(long long n, long long nonzeros, const CgDemoConfig& config) {
  const double rows = static_cast<double>(n), nnz = static_cast<double>(nonzeros);
  const double value = config.precision == Precision::Float ? 4 : 8;
  // The CSR matrix (value in double + column index per nonzero, an offset per row) and b.
  const double matrix = nnz * (8 + 4) + (rows + 1) * 4 + rows * 8;
  // The CPU solver: x, r, z, d, q, b and 1/diag in the working precision; the diagonal, x, the
  // kept solution and A x for the final residual in double; ~24 bytes a row of histories, copies
  // and allocator slack (a Poisson run peaks at ~190 bytes a row in all).
  const double cpuSolver = rows * (7 * value + 5 * 8 + 24);
  MemoryNeed need{matrix + cpuSolver, 0};
  if (config.backend == Backend::Cuda) {
    need.hostBytes += nnz * value + rows * 4 * 8;  // values converted for upload, vectors read back
    // The matrix on the device and the solver's ~12 vectors, plus the libraries' workspace.
    need.deviceBytes = nnz * (value + 4) + (rows + 1) * 4 + 12 * rows * value + 64.0 * 1024 * 1024;
  }
  return need;
}

}  // namespace kc::cg
