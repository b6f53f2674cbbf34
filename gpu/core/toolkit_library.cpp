#include "gpu/core/toolkit_library.hpp"

#include <dlfcn.h>

#include "gpu/core/error.hpp"

namespace kc {

void* openToolkitLibrary(const char* soname, const std::string& toolkitDirectory, const std::string& what) {
  if (void* library = dlopen(soname, RTLD_NOW | RTLD_LOCAL)) return library;
  const std::string first = dlerror();
  const std::string inToolkit = toolkitDirectory + "/" + soname;
  if (void* library = dlopen(inToolkit.c_str(), RTLD_NOW | RTLD_LOCAL)) return library;
  KC_FAIL("dlopen", what + " cannot load: " + first);
}

void* toolkitFunction(void* library, const char* name, const std::string& what) {
  void* function = dlsym(library, name);
  if (!function) KC_FAIL("dlsym", what + " has no " + name + " (another version than this build's?)");
  return function;
}

}  // namespace kc
