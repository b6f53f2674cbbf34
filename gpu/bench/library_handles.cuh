#pragma once
// RAII owners of the cuBLAS and cuSPARSE handles the baselines use, and their status checks
// (through kc::Error like every other CUDA failure).
#include <cublas_v2.h>
#include <cusparse.h>

#include <string>
#include <utility>

#include "gpu/core/error.hpp"

namespace kc::bench {

inline void checkCublas(cublasStatus_t status, const char* file, int line, const char* call) {
  if (status != CUBLAS_STATUS_SUCCESS)
    throwError(file, line, call, std::string("cuBLAS: ") + cublasGetStatusString(status), static_cast<int>(status));
}
inline void checkCusparse(cusparseStatus_t status, const char* file, int line, const char* call) {
  if (status != CUSPARSE_STATUS_SUCCESS)
    throwError(file, line, call, std::string("cuSPARSE: ") + cusparseGetErrorString(status), static_cast<int>(status));
}

}  // namespace kc::bench

#define KC_CUBLAS_CHECK(call) ::kc::bench::checkCublas((call), __FILE__, __LINE__, #call)
#define KC_CUSPARSE_CHECK(call) ::kc::bench::checkCusparse((call), __FILE__, __LINE__, #call)

namespace kc::bench {

class CublasHandle {
 public:
  CublasHandle() { KC_CUBLAS_CHECK(cublasCreate(&handle_)); }
  ~CublasHandle() {
    if (handle_) (void)cublasDestroy(handle_);
  }
  CublasHandle(const CublasHandle&) = delete;
  CublasHandle& operator=(const CublasHandle&) = delete;
  operator cublasHandle_t() const noexcept { return handle_; }

 private:
  cublasHandle_t handle_ = nullptr;
};

class CusparseHandle {
 public:
  CusparseHandle() { KC_CUSPARSE_CHECK(cusparseCreate(&handle_)); }
  ~CusparseHandle() {
    if (handle_) (void)cusparseDestroy(handle_);
  }
  CusparseHandle(const CusparseHandle&) = delete;
  CusparseHandle& operator=(const CusparseHandle&) = delete;
  operator cusparseHandle_t() const noexcept { return handle_; }

 private:
  cusparseHandle_t handle_ = nullptr;
};

}  // namespace kc::bench
