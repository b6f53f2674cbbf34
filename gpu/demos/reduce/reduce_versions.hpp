#pragma once
// The GPU reduction versions in teaching order (Mark Harris, "Optimizing Parallel Reduction in
// CUDA"), the thesis's two-kernel scheme and the CUB baseline: names, the two-line "why" the UI
// panel shows, and the kernel function each row's source view jumps to; and the CPU row's words.
#include <array>

namespace kc::demos {

enum class ReduceVersion {
  InterleavedDivergent,  // step 1
  InterleavedStrided,    // step 2
  Sequential,            // step 3
  FirstAddDuringLoad,    // step 4
  LastWarpUnrolled,      // step 5
  FullyUnrolled,         // step 6
  GridStride,            // step 7
  WarpShuffle,           // step 8 (with 7: grid-stride, 16-byte loads, shuffles)
  TwoKernel,             // thesis: block partials, then one block for the total
  Cub,                   // cub::DeviceReduce
};

struct ReduceVersionInfo {
  ReduceVersion version;
  const char* name;
  const char* why;           // two short lines, '\n' between
  const char* sourceAnchor;  // kernel function name in gpu/demos/reduce/reduce_kernels.cuh
};

inline constexpr std::array<ReduceVersionInfo, 10> kReduceVersions{{
    {ReduceVersion::InterleavedDivergent, "1 interleaved, divergent",
     "tid % (2*s) == 0 leaves most threads of each warp idle\nand the modulo is slow: the baseline.",
     "reduceInterleavedDivergent"},
    {ReduceVersion::InterleavedStrided, "2 interleaved, strided index",
     "index = 2*s*tid keeps active threads contiguous (no divergence)\nbut strided shared accesses now cause bank "
     "conflicts.",
     "reduceInterleavedStrided"},
    {ReduceVersion::Sequential, "3 sequential addressing",
     "s halves from blockDim/2: consecutive threads read consecutive words,\nconflict-free; but half the threads idle "
     "from the first step.",
     "reduceSequential"},
    {ReduceVersion::FirstAddDuringLoad, "4 first add during load",
     "each thread combines two elements while loading:\nhalf the blocks, no idle threads in the first step.",
     "reduceFirstAddDuringLoad"},
    {ReduceVersion::LastWarpUnrolled, "5 last warp unrolled",
     "below 32 active threads one warp works alone: no __syncthreads,\nbut __syncwarp between steps (independent "
     "thread scheduling).",
     "reduceLastWarpUnrolled"},
    {ReduceVersion::FullyUnrolled, "6 fully unrolled (template)",
     "the block size is a template parameter, so every loop\nand every 'if (tid < s)' test is resolved at compile "
     "time.",
     "reduceFullyUnrolled"},
    {ReduceVersion::GridStride, "7 several elements per thread",
     "a grid of a few blocks per SM strides over the array:\nmost adds are sequential in registers; 2 launches in all.",
     "reduceGridStride"},
    {ReduceVersion::WarpShuffle, "8 warp shuffles + 16-byte loads",
     "float4/int4 loads saturate DRAM; __shfl_down_sync reduces a warp\nin registers; shared memory only for 32 warp "
     "results.",
     "reduceWarpShuffle"},
    {ReduceVersion::TwoKernel, "two-kernel partial/total",
     "kernel 1 writes one partial per block, kernel 2 (one block)\nloops over all partials: exactly two launches for "
     "any n.",
     "reduceBlockPartials"},
    {ReduceVersion::Cub, "CUB DeviceReduce (library)",
     "NVIDIA's tuned reduction: the bar to reach.\nScratch size is queried once, outside the timed loop.",
     "cub::DeviceReduce"},
}};

// The CPU row, measured before the GPU versions: the reference each of them is checked against.
// (Its source anchor is "referenceLoop", or "mat3MinReference" for mat3min.)
inline constexpr const char* kReduceCpuName = "CPU reference (1 thread)";
inline constexpr const char* kReduceCpuWhy =
    "one plain loop over the array: the correctness reference\nand the baseline every speedup starts from.";

inline const ReduceVersionInfo& reduceVersionInfo(ReduceVersion v) { return kReduceVersions[static_cast<int>(v)]; }

}  // namespace kc::demos
