#include <dlfcn.h>

#include <string>

#include "gpu/core/cuda_libraries.cuh"
#include "gpu/core/error.hpp"

namespace kc {
namespace {

#define KC_NAME_TEXT_EXPANDED(name) #name
#define KC_NAME_TEXT(name) KC_NAME_TEXT_EXPANDED(name)  // after cublas_v2.h's renaming: "cublasSdot_v2"

// The library by its soname (the loader's path, as a linked library would be found), else in the
// toolkit's folder this build used (gpu/CMakeLists.txt); never closed.
void* openLibrary(const char* soname, const char* what) {
  if (void* library = dlopen(soname, RTLD_NOW | RTLD_LOCAL)) return library;
  const std::string first = dlerror();
  const std::string inToolkit = std::string(KC_CUDA_LIBRARY_DIR) + "/" + soname;
  if (void* library = dlopen(inToolkit.c_str(), RTLD_NOW | RTLD_LOCAL)) return library;
  KC_FAIL("dlopen", std::string(what) + " cannot load: " + first);
}

template <class Function>
void find(void* library, Function& function, const char* name, const char* what) {
  function = reinterpret_cast<Function>(dlsym(library, name));
  if (!function) KC_FAIL("dlsym", std::string(what) + " has no " + name + " (another version than this build's?)");
}

CublasApi loadCublas() {
  void* library = openLibrary(KC_CUBLAS_SONAME, "cuBLAS");
  CublasApi api;
#define KC_FIND(name) find(library, api.name, KC_NAME_TEXT(name), "cuBLAS");
  KC_CUBLAS_FUNCTIONS(KC_FIND)
  KC_FIND(cublasGemmEx)
#undef KC_FIND
  return api;
}

CusparseApi loadCusparse() {
  void* library = openLibrary(KC_CUSPARSE_SONAME, "cuSPARSE");
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
