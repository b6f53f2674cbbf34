#pragma once
// cuBLAS and cuSPARSE for every caller (the CG and matmul baselines, the bench): their status
// checks, through kc::Error like every other CUDA failure and naming the library, and RAII owners
// of their handles and descriptors.
#include <cublas_v2.h>
#include <cusparse.h>

#include <string>
#include <utility>

#include "gpu/core/error.hpp"

namespace kc::detail {

inline void checkCublas(cublasStatus_t status, const char* file, int line, const char* call) {
  if (status != CUBLAS_STATUS_SUCCESS)
    throwError(file, line, call, std::string("cuBLAS: ") + cublasGetStatusString(status), static_cast<int>(status));
}
inline void checkCusparse(cusparseStatus_t status, const char* file, int line, const char* call) {
  if (status != CUSPARSE_STATUS_SUCCESS)
    throwError(file, line, call, std::string("cuSPARSE: ") + cusparseGetErrorString(status), static_cast<int>(status));
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
  KC_CUBLAS_CHECK(cublasCreate(&handle));
  return handle;
}
inline cusparseHandle_t createCusparse() {
  cusparseHandle_t handle = nullptr;
  KC_CUSPARSE_CHECK(cusparseCreate(&handle));
  return handle;
}
}  // namespace detail

// A library context created with the object (Create), destroyed with it. Creation costs
// milliseconds and allocates: make one outside timed loops and reuse it.
template <class Handle, auto Destroy, auto Create>
class LibraryContext : public LibraryHandle<Handle, Destroy> {
 public:
  LibraryContext() : LibraryHandle<Handle, Destroy>(Create()) {}
};

using CublasHandle = LibraryContext<cublasHandle_t, cublasDestroy, detail::createCublas>;
using CusparseHandle = LibraryContext<cusparseHandle_t, cusparseDestroy, detail::createCusparse>;
using CusparseMatrix = LibraryHandle<cusparseSpMatDescr_t, cusparseDestroySpMat>;
using CusparseVector = LibraryHandle<cusparseDnVecDescr_t, cusparseDestroyDnVec>;

}  // namespace kc
