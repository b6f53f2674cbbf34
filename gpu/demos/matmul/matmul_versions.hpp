#pragma once
// The GPU matmul versions in teaching order, with the two-line "why" the UI panel shows and the
// kernel function each row's source view jumps to (gpu/demos/matmul/matmul_kernels.cuh,
// matmul_pipelined.cuh); and the CPU rows' words.
#include <array>

namespace kc::demos {

enum class MatmulVersion { Naive, Tiled16, Tiled32, Coarsened4, RegisterBlocked, AsyncB, Cublas };

struct MatmulVersionInfo {
  MatmulVersion version;
  const char* name;
  const char* why;
  const char* sourceAnchor;
};

inline constexpr std::array<MatmulVersionInfo, 7> kMatmulVersions{{
    {MatmulVersion::Naive, "naive, one thread per C element",
     "every thread reads a row of A and a column of B from DRAM/L2:\n2 loads per multiply-add, memory bound.",
     "matmulNaive"},
    {MatmulVersion::Tiled16, "shared-memory tiles 16x16",
     "a block stages 16x16 tiles of A and B in shared memory:\neach global load is reused 16 times.", "matmulTiled"},
    {MatmulVersion::Tiled32, "shared-memory tiles 32x32",
     "32x32 tiles: twice the reuse per load, 1024 threads per block;\nshared-memory bandwidth is the limit now.",
     "matmulTiled"},
    {MatmulVersion::Coarsened4, "thread granularity x4 (tile 16)",
     "one thread computes 4 outputs of a 16x64 tile: each A value\nread from shared memory is used 4 times from a "
     "register.",
     "matmulCoarsened4"},
    {MatmulVersion::RegisterBlocked, "register-blocked 8x8, 128x128 tiles",
     "each thread keeps an 8x8 block of C in registers (16 loads per 64 FMAs),\nfloat4 shared loads, double-buffered "
     "tiles.",
     "matmulRegisterBlocked"},
    {MatmulVersion::AsyncB, "B copied by cp.async, k tile 16 (float)",
     "B's tiles go global -> shared by cp.async a tile ahead, without registers;\nk tile 16 halves the barriers: 86% "
     "of cuBLAS on an H200.",
     "matmulPipelined"},
    {MatmulVersion::Cublas, "cuBLAS SGEMM (library, fp32, no TF32)",
     "NVIDIA's tuned SGEMM with CUBLAS_COMPUTE_32F_PEDANTIC:\nthe bar to reach. float only.", "cublasGemmEx"},
}};

// The two CPU rows, measured before the GPU versions (skipped above the flop limit); the first is
// the reference every version is checked against.
struct MatmulCpuVersionInfo {
  const char* name;
  const char* why;
  const char* sourceAnchor;  // in gpu/demos/matmul/matmul_cpu.cpp
};

inline constexpr std::array<MatmulCpuVersionInfo, 2> kMatmulCpuVersions{{
    {"CPU triple loop (reference)",
     "i-j-k loops, double (float) or uint32 (int) sums:\nobviously correct, strided B reads.", "matmulReference"},
    {"CPU transposed B, blocked rows",
     "B transposed once so both inner-loop reads are contiguous;\n16 rows of C share each column.", "transposedLoop"},
}};

inline const MatmulVersionInfo& matmulVersionInfo(MatmulVersion v) { return kMatmulVersions[static_cast<int>(v)]; }

}  // namespace kc::demos
