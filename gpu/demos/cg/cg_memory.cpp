#include "gpu/demos/cg/cg_memory.hpp"

#include "gpu/demos/demo_definition.hpp"

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
    need.deviceBytes = nnz * (value + 4) + (rows + 1) * 4 + 12 * rows * value + demos::kLibraryWorkspaceBytes;
  }
  return need;
}

}  // namespace kc::cg
