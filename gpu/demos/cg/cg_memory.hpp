#pragma once
// What the CG demo allocates, estimated from its parameters before it runs, for the memory
// admission (gpu/core/memory_budget.hpp, through the record's `memory`): a request that cannot fit
// is refused up front instead of being killed by the kernel half-way. The estimate follows the
// runner's own buffers (counted in the comments) and was checked against the peak resident set of
// CPU runs (getrusage).
#include "gpu/core/memory_budget.hpp"
#include "gpu/demos/cg/cg_demo.hpp"

namespace kc::cg {

// The whole CG run on an n x n matrix with `nonzeros` entries, the CSR matrix itself included.
MemoryNeed cgDemoMemory(long long n, long long nonzeros, const CgDemoConfig& config);

// The 2D Poisson matrix of an N x N grid: N^2 rows, 5 N^2 - 4 N nonzeros.
long long poisson2DNonzeros(long long gridN);

}  // namespace kc::cg
