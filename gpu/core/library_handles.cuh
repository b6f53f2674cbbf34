#pragma once
// cuBLAS and cuSPARSE for every caller (the CG and matmul baselines, the bench): their status
// checks, through kc::Error like every other CUDA failure and naming the library, and RAII owners
// of their handles and descriptors.
#include <string>
#include <utility>

#include "gpu/core/cuda_libraries.cuh"
#include "gpu/core/error.hpp"

namespace kc::detail {

inline void checkCublas(cublasStatus_t status, const char* file, int line, const char* call) {
  if (status != CUBLAS_STATUS_SUCCESS)
    throwError(file, line, call, std::string("cuBLAS: ") + cublasApi().cublasGetStatusString(status),
               static_cast<int>(status));
}
inline void checkCusparse(cusparseStatus_t status, const char* file, int line, const char* call) {
  if (status != CUSPARSE_STATUS_SUCCESS)
    throwError(file, line, call, std::string("cuSPARSE: ") + cusparseApi().cusparseGetErrorString(status),
               static_cast<int>(status));
}

}  // namespace kc::detail

#define KC_CUBLAS_CHECK(call) ::kc::detail::checkCublas((call), __FILE__, __LINE__, #call)
#define KC_CUSPARSE_CHECK(call) ::kc::detail::checkCusparse((call), __FILE__, __LINE__, #call)

namespace kc {

// Owns one library handle or descriptor; Destroy is the library's destroy function.
template <class Handle, auto Destroy>
class LibraryHandle {
 public:
  LibraryHandle() = default;
  explicit LibraryHandle(Handle h) : h_(h) {}
  ~LibraryHandle() {
    if (h_) (void)Destroy(h_);
  }
  LibraryHandle(LibraryHandle&& o) noexcept : h_(std::exchange(o.h_, Handle{})) {}
  LibraryHandle& operator=(LibraryHandle&& o) noexcept {
    std::swap(h_, o.h_);
    return *this;
  }
  LibraryHandle(const LibraryHandle&) = delete;
  LibraryHandle& operator=(const LibraryHandle&) = delete;
  Handle get() const noexcept { return h_; }
  operator Handle() const noexcept { return h_; }

 private:
  Handle h_{};
};

namespace detail {
inline cublasHandle_t createCublas() {
  cublasHandle_t handle = nullptr;
  KC_CUBLAS_CHECK(cublasApi().cublasCreate(&handle));
  return handle;
}
inline cusparseHandle_t createCusparse() {
  cusparseHandle_t handle = nullptr;
  KC_CUSPARSE_CHECK(cusparseApi().cusparseCreate(&handle));
  return handle;
}
// The destroy functions through the loaded tables (a handle exists only where its library loaded).
inline void destroyCublas(cublasHandle_t h) { (void)cublasApi().cublasDestroy(h); }
inline void destroyCusparse(cusparseHandle_t h) { (void)cusparseApi().cusparseDestroy(h); }
inline void destroySpMat(cusparseSpMatDescr_t d) { (void)cusparseApi().cusparseDestroySpMat(d); }
inline void destroyDnVec(cusparseDnVecDescr_t d) { (void)cusparseApi().cusparseDestroyDnVec(d); }
}  // namespace detail

// A library context created with the object (Create), destroyed with it. Creation costs
// milliseconds and allocates: make one outside timed loops and reuse it.
template <class Handle, auto Destroy, auto Create>
class LibraryContext : public LibraryHandle<Handle, Destroy> {
 public:
  LibraryContext() : LibraryHandle<Handle, Destroy>(Create()) {}
};

using CublasHandle = LibraryContext<cublasHandle_t, detail::destroyCublas, detail::createCublas>;
using CusparseHandle = LibraryContext<cusparseHandle_t, detail::destroyCusparse, detail::createCusparse>;
using CusparseMatrix = LibraryHandle<cusparseSpMatDescr_t, detail::destroySpMat>;
using CusparseVector = LibraryHandle<cusparseDnVecDescr_t, detail::destroyDnVec>;

}  // namespace kc
