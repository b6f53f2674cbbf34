#pragma once
// cuBLAS and cuSPARSE, loaded on first use (dlopen) instead of linked: they are needed only by the
// library baselines (the matmul and CG demos' NVIDIA versions, the bench's rows), and loading them
// costs ~250 MB of address space and a fifth of a second — which every `kernelcam kernel check`
// and every frame pipeline paid before (docs/PERFORMANCE.md, "Start-up").
//
// Call a function through its table, by its own name: cublasApi().cublasSdot(h, n, x, 1, y, 1, r).
// The first call of cublasApi() / cusparseApi() loads the library (its soname, then the toolkit's
// folder this was built with); where it cannot be loaded it throws kc::Error naming the file and
// dlopen's reason, and the caller's row or version reports that like any other CUDA failure.
#include <cublas_v2.h>
#include <cusparse.h>

namespace kc {

// The functions kernelcam calls. cublas_v2.h maps most names to their _v2 symbols (cublasSdot ->
// cublasSdot_v2), and the table's members and the looked-up names follow that mapping.
// (The lists of names keep their hand layout: clang-format would wrap them as expressions.)
// clang-format off
#define KC_CUBLAS_FUNCTIONS(X)                                                                                    \
  X(cublasCreate) X(cublasDestroy) X(cublasSetStream) X(cublasSetMathMode) X(cublasSetWorkspace)                  \
  X(cublasSetPointerMode) X(cublasGetStatusString) X(cublasSgemm) X(cublasSdot) X(cublasDdot)     \
  X(cublasSaxpy) X(cublasDaxpy) X(cublasSscal) X(cublasDscal)
// clang-format on
// clang-format off
#define KC_CUSPARSE_FUNCTIONS(X)                                                                                  \
  X(cusparseCreate) X(cusparseDestroy) X(cusparseSetStream) X(cusparseGetErrorString) X(cusparseCreateCsr)        \
  X(cusparseCreateDnVec) X(cusparseDestroySpMat) X(cusparseDestroyDnVec) X(cusparseSpMV) X(cusparseSpMV_bufferSize)
// clang-format on

#define KC_LIBRARY_FUNCTION_MEMBER(name) decltype(&::name) name = nullptr;
struct CublasApi {
  KC_CUBLAS_FUNCTIONS(KC_LIBRARY_FUNCTION_MEMBER)
  // C++ also sees an inline overload (a cudaDataType compute type): the C function's type, spelled out.
  cublasStatus_t (*cublasGemmEx)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const void*,
                                 const void*, cudaDataType, int, const void*, cudaDataType, int, const void*, void*,
                                 cudaDataType, int, cublasComputeType_t, cublasGemmAlgo_t) = nullptr;
};
struct CusparseApi {
  KC_CUSPARSE_FUNCTIONS(KC_LIBRARY_FUNCTION_MEMBER)
};
#undef KC_LIBRARY_FUNCTION_MEMBER

// Loaded once (thread-safe); throws kc::Error where the library or one of its functions is missing.
const CublasApi& cublasApi();
const CusparseApi& cusparseApi();

}  // namespace kc
