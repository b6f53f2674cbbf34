#pragma once
// GPU API of the matmul demo: row-major C = A * B (A MxK, B KxN, C MxN, device pointers),
// every version of matmul_versions.hpp for int32 and float (cuBLAS: float only).
#include <cuda_runtime.h>

#include "gpu/core/library_handles.cuh"
#include "gpu/demos/matmul/matmul_cpu.hpp"
#include "gpu/demos/matmul/matmul_versions.hpp"

namespace kc::demos {

// Whether the version exists for the type (cuBLAS has no int32 GEMM baseline here).
bool matmulVersionSupports(MatmulVersion version, MatmulType type);

// No allocation, no sync. `cublas` is needed for MatmulVersion::Cublas only (may be null otherwise);
// create it once, outside timed loops: creation costs milliseconds and allocates.
void matmulAsync(MatmulVersion version, MatmulType type, const void* dA, const void* dB, void* dC, int M, int N,
                 int K, CublasHandle* cublas, cudaStream_t stream);

}  // namespace kc::demos
