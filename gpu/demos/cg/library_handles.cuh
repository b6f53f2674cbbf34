#pragma once
// RAII owners and error checks for the cuSPARSE / cuBLAS objects of the CG baseline.
#include <cublas_v2.h>
#include <cusparse.h>

#include <string>
#include <utility>

#include "gpu/core/cuda_check.cuh"

#define KC_CUSPARSE_CHECK(call)                                                                      \
  do {                                                                                               \
    const cusparseStatus_t kcStatus = (call);                                                        \
    if (kcStatus != CUSPARSE_STATUS_SUCCESS)                                                         \
      ::kc::throwError(__FILE__, __LINE__, #call, cusparseGetErrorString(kcStatus), static_cast<int>(kcStatus)); \
  } while (0)
#define KC_CUBLAS_CHECK(call)                                                                        \
  do {                                                                                               \
    const cublasStatus_t kcStatus = (call);                                                          \
    if (kcStatus != CUBLAS_STATUS_SUCCESS)                                                           \
      ::kc::throwError(__FILE__, __LINE__, #call, cublasGetStatusString(kcStatus), static_cast<int>(kcStatus)); \
  } while (0)

namespace kc::cg {

// Owns one handle or descriptor; Destroy is the library's destroy function.
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

using CusparseHandle = LibraryHandle<cusparseHandle_t, cusparseDestroy>;
using CusparseMatrix = LibraryHandle<cusparseSpMatDescr_t, cusparseDestroySpMat>;
using CusparseVector = LibraryHandle<cusparseDnVecDescr_t, cusparseDestroyDnVec>;
using CublasHandle = LibraryHandle<cublasHandle_t, cublasDestroy>;

}  // namespace kc::cg
