#include <string>

#include "gpu/core/cuda_libraries.cuh"
#include "gpu/core/toolkit_library.hpp"

namespace kc {
namespace {

#define KC_NAME_TEXT_EXPANDED(name) #name
#define KC_NAME_TEXT(name) KC_NAME_TEXT_EXPANDED(name)  // after cublas_v2.h's renaming: "cublasSdot_v2"

template <class Function>
void find(void* library, Function& function, const char* name, const char* what) {
  function = reinterpret_cast<Function>(toolkitFunction(library, name, what));
}

CublasApi loadCublas() {
  void* library = openToolkitLibrary(KC_CUBLAS_SONAME, KC_CUDA_LIBRARY_DIR, "cuBLAS");
  CublasApi api;
#define KC_FIND(name) find(library, api.name, KC_NAME_TEXT(name), "cuBLAS");
  KC_CUBLAS_FUNCTIONS(KC_FIND)
  KC_FIND(cublasGemmEx)
#undef KC_FIND
  return api;
}

CusparseApi loadCusparse() {
  void* library = openToolkitLibrary(KC_CUSPARSE_SONAME, KC_CUDA_LIBRARY_DIR, "cuSPARSE");
  CusparseApi api;
#define KC_FIND(name) find(library, api.name, KC_NAME_TEXT(name), "cuSPARSE");
  KC_CUSPARSE_FUNCTIONS(KC_FIND)
#undef KC_FIND
  return api;
}

}  // namespace

const CublasApi& cublasApi() {
  static const CublasApi api = loadCublas();  // a throw leaves it unset: the next call tries again
  return api;
}

const CusparseApi& cusparseApi() {
  static const CusparseApi api = loadCusparse();
  return api;
}

}  // namespace kc
