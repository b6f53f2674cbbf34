#pragma once
// What the matrix multiplication demo allocates, estimated from its parameters before it runs, for the memory
// admission (gpu/core/memory_budget.hpp, through the record's `memory`): a request that cannot fit
// is refused up front instead of being killed by the kernel half-way. The estimate follows the
// runner's own buffers (counted in the comments) and was checked against the peak resident set of
// CPU runs (getrusage).
#include "gpu/core/memory_budget.hpp"
#include "gpu/demos/matmul/matmul_demo.hpp"

namespace kc::demos {

MemoryNeed matmulDemoMemory(const MatmulDemoConfig& config);

}  // namespace kc::demos
