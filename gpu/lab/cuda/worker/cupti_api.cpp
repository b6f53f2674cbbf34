#include "gpu/lab/cuda/worker/cupti_api.hpp"

#include <dlfcn.h>

#include "gpu/core/error.hpp"

namespace kc::lab {
namespace {

// By its soname (the loader's path), else in the toolkit's folder this build used (gpu/CMakeLists.txt).
void* openCupti() {
  if (void* library = dlopen(KC_CUPTI_SONAME, RTLD_NOW | RTLD_LOCAL)) return library;
  const std::string first = dlerror();
  const std::string inToolkit = std::string(KC_CUPTI_DIR) + "/" + KC_CUPTI_SONAME;
  if (void* library = dlopen(inToolkit.c_str(), RTLD_NOW | RTLD_LOCAL)) return library;
  KC_FAIL("dlopen", std::string("CUPTI (the CUDA toolkit's profiling library) cannot load: ") + first);
}

CuptiApi loadCupti() {
  void* library = openCupti();
  CuptiApi api;
#define KC_FIND(name)                                                                                   \
  api.name = reinterpret_cast<decltype(api.name)>(dlsym(library, #name));                               \
  if (!api.name) KC_FAIL("dlsym", "CUPTI has no " #name " (older than this build's CUDA toolkit?)");
  KC_CUPTI_FUNCTIONS(KC_FIND)
#undef KC_FIND
  return api;
}

}  // namespace

const CuptiApi& cuptiApi() {
  static const CuptiApi api = loadCupti();  // a throw leaves it unset: the next call tries again
  return api;
}

std::string cuptiResultText(const CuptiApi& api, CUptiResult result) {
  const char* text = nullptr;
  if (api.cuptiGetResultString(result, &text) != CUPTI_SUCCESS || !text) return "CUPTI error " + std::to_string(result);
  return text;
}

}  // namespace kc::lab
