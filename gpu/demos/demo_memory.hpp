#pragma once
// What each classroom demo allocates, estimated from its parameters before it runs, for the memory
// admission (gpu/core/memory_budget.hpp): a request that cannot fit is refused up front instead of
// being killed by the kernel half-way. Estimates follow the runners' own buffers (counted in the
// comments) and were checked against the peak resident set of CPU runs (getrusage).
#include "gpu/core/memory_budget.hpp"
#include "gpu/demos/cg/cg_demo.hpp"
#include "gpu/demos/matmul/matmul_demo.hpp"
#include "gpu/demos/reduce/reduce_demo.hpp"

namespace kc::demos {

MemoryNeed reduceDemoMemory(const ReduceDemoConfig& config);
MemoryNeed matmulDemoMemory(const MatmulDemoConfig& config);

}  // namespace kc::demos

namespace kc::cg {

// The whole CG run on an n x n matrix with `nonzeros` entries, the CSR matrix itself included.
MemoryNeed cgDemoMemory(long long n, long long nonzeros, const CgDemoConfig& config);

// The 2D Poisson matrix of an N x N grid: N^2 rows, 5 N^2 - 4 N nonzeros.
long long poisson2DNonzeros(long long gridN);

}  // namespace kc::cg
