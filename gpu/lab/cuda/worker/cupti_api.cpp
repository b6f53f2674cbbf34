#include "gpu/lab/cuda/worker/cupti_api.hpp"

#include "gpu/core/toolkit_library.hpp"

namespace kc::lab {
namespace {

CuptiApi loadCupti() {
  void* library = openToolkitLibrary(KC_CUPTI_SONAME, KC_CUPTI_DIR, "CUPTI (the CUDA toolkit's profiling library)");
  CuptiApi api;
#define KC_FIND(name) api.name = reinterpret_cast<decltype(api.name)>(toolkitFunction(library, #name, "CUPTI"));
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
