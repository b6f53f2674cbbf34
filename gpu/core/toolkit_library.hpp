#pragma once
// A library of the CUDA toolkit loaded on first use (dlopen), as the builds that need one do:
// cuBLAS and cuSPARSE for the library baselines (cuda_libraries.cuh), CUPTI for a kernel's per-line
// profile (gpu/lab/cuda/worker/cupti_api.hpp). By its soname first, the loader's path, as a linked
// library would be found; else in the toolkit's folder the build used. Never closed.
#include <string>

namespace kc {

// Throws kc::Error naming `what` and dlopen's reason where neither loads.
void* openToolkitLibrary(const char* soname, const std::string& toolkitDirectory, const std::string& what);

// The function `name` of `library`; throws kc::Error naming `what` when it is missing (a library
// older than the build's toolkit).
void* toolkitFunction(void* library, const char* name, const std::string& what);

}  // namespace kc
