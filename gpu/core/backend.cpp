#include "gpu/core/backend.hpp"

#include <string>

#include "gpu/core/error.hpp"

namespace kc {

Backend parseBackend(std::string_view text) {
  for (Backend backend : {Backend::Auto, Backend::Cuda, Backend::Cpu})
    if (text == toString(backend)) return backend;
  throw InvalidArgument("--backend '" + std::string(text) + "': expected auto, cuda or cpu");
}

const char* toString(Backend backend) noexcept {
  switch (backend) {
    case Backend::Auto:
      return "auto";
    case Backend::Cuda:
      return "cuda";
    case Backend::Cpu:
      return "cpu";
  }
  return "unknown";
}

}  // namespace kc
