#pragma once
// GPU API of the matmul demo: row-major C = A * B (A MxK, B KxN, C MxN, device pointers),
// every version of matmul_versions.hpp for int32 and float (cuBLAS: float only).
#include <cuda_runtime.h>

#include <vector>

#include "gpu/core/library_handles.cuh"
#include "gpu/demos/matmul/matmul_cpu.hpp"
#include "gpu/demos/matmul/matmul_versions.hpp"

namespace kc::demos {

// Whether the version exists for the type (cuBLAS has no int32 GEMM baseline here).
bool matmulVersionSupports(MatmulVersion version, MatmulType type);

// No allocation, no sync. `cublas` is needed for MatmulVersion::Cublas only (may be null otherwise);
// create it once, outside timed loops: creation costs milliseconds and allocates.
void matmulAsync(MatmulVersion version, MatmulType type, const void* dA, const void* dB, void* dC, int M, int N, int K,
                 CublasHandle* cublas, cudaStream_t stream);

// The SGEMM with B copied asynchronously (matmul_pipelined.cuh) in each instantiated shape: k tile
// of 8 or 16, B tiles `stages` deep, registers cut for minBlocksPerSm blocks per SM. For the bench's
// sweep and the tests; the first shape (the default) is the one the H200 sweep chose (docs/PERFORMANCE.md).
struct SgemmPipelineShape {
  int tileK = 16;
  int stages = 3;
  int minBlocksPerSm = 2;
};
// The shape the matmul demo's AsyncB version runs: the fastest of the H200 sweep (docs/PERFORMANCE.md).
inline constexpr SgemmPipelineShape kDefaultSgemmPipelineShape{16, 2, 2};
std::vector<SgemmPipelineShape> sgemmPipelineShapes();  // the default first
// Float C = A * B with that shape. Launches nothing and returns false where the kernel's needs are not
// met (K and N multiples of 4, 16-byte-aligned matrices); M, N, K >= 1 as matmulAsync.
bool sgemmPipelinedAsync(const float* dA, const float* dB, float* dC, int M, int N, int K, cudaStream_t stream,
                         SgemmPipelineShape shape);

}  // namespace kc::demos
