#pragma once
// Loads the CUDA backend (libkernelcam-cuda.so, gpu/plugin/cuda_backend.hpp) on first use: the
// one place kernelcam reaches CUDA. kernelcam links no CUDA library, so a machine without the
// kernelcam-cuda package (or without NVIDIA's libraries) runs the CPU backend and says why.
#include <string>

#include "gpu/plugin/cuda_backend.hpp"

namespace kc {

// The backend, loaded once (thread-safe); nullptr where it cannot be, and then
// cudaBackendLoadError() says why, naming what is missing.
CudaBackend* cudaBackend();
std::string cudaBackendLoadError();
// The file it was loaded from ("" when it was not).
std::string cudaBackendPath();

// Where it is looked for, first match wins: $KC_CUDA_BACKEND (a path; tests point it at a missing
// file to see the CPU fallback), beside the binary (a bundle copied elsewhere: the GPU machine's
// carry), where an install puts it (../lib/<triplet>/kernelcam/), and the build tree's for programs
// run from the build tree.
std::string cudaBackendSearchPathText();

}  // namespace kc
