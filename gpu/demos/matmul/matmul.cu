// Host side of the matmul demo: launch configurations and the cuBLAS baseline.
#include "gpu/demos/matmul/matmul.cuh"

#include <cstdint>
#include <mutex>
#include <type_traits>

#include "gpu/core/cuda_check.cuh"
#include "gpu/core/library_handles.cuh"
#include "gpu/demos/matmul/matmul_kernels.cuh"
#include "gpu/demos/matmul/matmul_pipelined.cuh"

namespace kc::demos {
namespace {

unsigned ceilDiv(int a, int b) { return static_cast<unsigned>((a + b - 1) / b); }
bool aligned16(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; }

template <class T>
void launch(MatmulVersion version, const T* A, const T* B, T* C, int M, int N, int K, cudaStream_t stream) {
  switch (version) {
    case MatmulVersion::Naive: {
      const dim3 block(32, 8);
      const dim3 grid(ceilDiv(N, 32), ceilDiv(M, 8));
      gpu::matmulNaive<T><<<grid, block, 0, stream>>>(A, B, C, M, N, K);
      KC_CUDA_CHECK_LAUNCH("matmulNaive");
      return;
    }
    case MatmulVersion::Tiled16: {
      gpu::matmulTiled<T, 16><<<dim3(ceilDiv(N, 16), ceilDiv(M, 16)), dim3(16, 16), 0, stream>>>(A, B, C, M, N, K);
      KC_CUDA_CHECK_LAUNCH("matmulTiled<16>");
      return;
    }
    case MatmulVersion::Tiled32: {
      gpu::matmulTiled<T, 32><<<dim3(ceilDiv(N, 32), ceilDiv(M, 32)), dim3(32, 32), 0, stream>>>(A, B, C, M, N, K);
      KC_CUDA_CHECK_LAUNCH("matmulTiled<32>");
      return;
    }
    case MatmulVersion::Coarsened4: {
      gpu::matmulCoarsened4<T><<<dim3(ceilDiv(N, 64), ceilDiv(M, 16)), dim3(16, 16), 0, stream>>>(A, B, C, M, N, K);
      KC_CUDA_CHECK_LAUNCH("matmulCoarsened4");
      return;
    }
    case MatmulVersion::RegisterBlocked: {
      const bool vecA = K % 4 == 0 && aligned16(A);
      const bool vecB = N % 4 == 0 && aligned16(B);
      const bool vecC = N % 4 == 0 && aligned16(C);
      const dim3 grid(ceilDiv(N, gpu::kRbTileN), ceilDiv(M, gpu::kRbTileM));
      gpu::matmulRegisterBlocked<T><<<grid, gpu::kRbThreads, 0, stream>>>(A, B, C, M, N, K, vecA, vecB, vecC);
      KC_CUDA_CHECK_LAUNCH("matmulRegisterBlocked");
      return;
    }
    case MatmulVersion::AsyncB: {  // float only (matmulVersionSupports); other shapes: the register-blocked kernel
      if constexpr (std::is_same_v<T, float>)
        if (sgemmPipelinedAsync(A, B, C, M, N, K, stream, kDefaultSgemmPipelineShape)) return;
      return launch(MatmulVersion::RegisterBlocked, A, B, C, M, N, K, stream);
    }
    case MatmulVersion::Cublas:
      break;
  }
  throw InvalidArgument("matmul: version has no hand-written kernel");
}

// Row-major C = A B is column-major C^T = B^T A^T: cuBLAS (column-major) gets B first, with the
// row lengths as leading dimensions. PEDANTIC compute keeps true fp32 (no TF32, no shortcuts).
void sgemmThroughCublas(cublasHandle_t handle, const float* A, const float* B, float* C, int M, int N, int K,
                        cudaStream_t stream) {
  KC_CUBLAS_CHECK(cublasApi().cublasSetStream(handle, stream));
  const float alpha = 1.f, beta = 0.f;
  KC_CUBLAS_CHECK(cublasApi().cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &alpha, B, CUDA_R_32F, N, A,
                                           CUDA_R_32F, K, &beta, C, CUDA_R_32F, N, CUBLAS_COMPUTE_32F_PEDANTIC,
                                           CUBLAS_GEMM_DEFAULT));
}

template <int kTileK, int kStages, int kMinBlocks>
void launchPipelined(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
  const auto kernel = gpu::matmulPipelined<kTileK, kStages, kMinBlocks>;
  constexpr int smem = gpu::pipelinedSharedBytes<kTileK, kStages>();
  // Above 48 KB of dynamic shared memory a kernel must opt in, once.
  static std::once_flag optIn;
  std::call_once(
      optIn, [&] { KC_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem)); });
  const dim3 grid(ceilDiv(N, gpu::kPipeTileN), ceilDiv(M, gpu::kPipeTileM));
  kernel<<<grid, gpu::kPipeThreads, smem, stream>>>(A, B, C, M, N, K);
  KC_CUDA_CHECK_LAUNCH("matmulPipelined");
}

}  // namespace

std::vector<SgemmPipelineShape> sgemmPipelineShapes() {
  return {kDefaultSgemmPipelineShape, {8, 3, 2}, {8, 4, 2}, {16, 3, 1}};
}

bool sgemmPipelinedAsync(const float* dA, const float* dB, float* dC, int M, int N, int K, cudaStream_t stream,
                         SgemmPipelineShape shape) {
  KC_REQUIRE(M >= 1 && N >= 1 && K >= 1, "matmul: M, N, K must be at least 1");
  KC_REQUIRE(dA && dB && dC, "matmul: null matrix pointer");
  KC_REQUIRE(ceilDiv(M, gpu::kPipeTileM) <= 65535u, "matmul: M above 8388480 exceeds the grid's y dimension");
  if (K % 4 != 0 || N % 4 != 0 || !aligned16(dA) || !aligned16(dB) || !aligned16(dC)) return false;
  switch (shape.tileK * 100 + shape.stages * 10 + shape.minBlocksPerSm) {
    case 832:
      launchPipelined<8, 3, 2>(dA, dB, dC, M, N, K, stream);
      return true;
    case 842:
      launchPipelined<8, 4, 2>(dA, dB, dC, M, N, K, stream);
      return true;
    case 1622:
      launchPipelined<16, 2, 2>(dA, dB, dC, M, N, K, stream);
      return true;
    case 1631:
      launchPipelined<16, 3, 1>(dA, dB, dC, M, N, K, stream);
      return true;
    default:
      return false;
  }
}

bool matmulVersionSupports(MatmulVersion version, MatmulType type) {
  // cuBLAS has no int32 GEMM here, and the cp.async kernel is written for float.
  return !((version == MatmulVersion::Cublas || version == MatmulVersion::AsyncB) && type == MatmulType::Int32);
}

void matmulAsync(MatmulVersion version, MatmulType type, const void* dA, const void* dB, void* dC, int M, int N, int K,
                 CublasHandle* cublas, cudaStream_t stream) {
  KC_REQUIRE(M >= 1 && N >= 1 && K >= 1, "matmul: M, N, K must be at least 1");
  KC_REQUIRE(dA && dB && dC, "matmul: null matrix pointer");
  KC_REQUIRE(ceilDiv(M, 8) <= 65535u, "matmul: M above 524280 exceeds the grid's y dimension");
  KC_REQUIRE(matmulVersionSupports(version, type), "matmul: cuBLAS baseline is float only (no int32 library GEMM)");
  if (version == MatmulVersion::Cublas) {
    KC_REQUIRE(cublas != nullptr, "matmul: the cuBLAS version needs a CublasHandle");
    sgemmThroughCublas(*cublas, static_cast<const float*>(dA), static_cast<const float*>(dB), static_cast<float*>(dC),
                       M, N, K, stream);
    return;
  }
  if (type == MatmulType::Float32)
    launch(version, static_cast<const float*>(dA), static_cast<const float*>(dB), static_cast<float*>(dC), M, N, K,
           stream);
  else
    launch(version, static_cast<const int*>(dA), static_cast<const int*>(dB), static_cast<int*>(dC), M, N, K, stream);
}

}  // namespace kc::demos
