#pragma once
// Loads the CUDA backend (libkernelcam-cuda.so, a backend module: gpu/plugin/backend_module.hpp) on
// first use: the one place kernelcam reaches CUDA. kernelcam links no CUDA library, so a machine
// without the kernelcam-cuda package (or without NVIDIA's libraries) runs the CPU backend and says why.
//
// Why a plugin: the CUDA backend needs cuBLAS, cuSPARSE and the CUDA runtime, which Debian does
// not ship and which cost ~200 MB of address space and a quarter second to load. kernelcam itself
// links none of them, so it installs from Debian's archive alone, runs the CPU backend where they
// are missing, and `kernelcam --help` starts without them; the kernelcam-cuda package adds this
// library (and the lab's worker and compiler processes).
#include <string>

#include "gpu/plugin/backend_module.hpp"

namespace kc {

// The backend's module, loaded once (thread-safe); nullptr where it cannot be, and then
// cudaBackendLoadError() says why, naming what is missing. The run session asks for it; every
// other caller asks for its concern alone, below.
const BackendModule* cudaBackend();
std::string cudaBackendLoadError();
// The file it was loaded from ("" when it was not).
std::string cudaBackendPath();

// One accessor per concern: nullptr where the backend is not loaded (or offers no such concern).
DeviceBackend* cudaDevices();
BenchBackend* cudaBench();
KernelCompilerBackend* cudaKernelCompiler();
KernelRunnerBackend* cudaKernelRunner();

// Where it is looked for, first match wins: $KC_CUDA_BACKEND (a path; tests point it at a missing
// file to see the CPU fallback), beside the binary (a bundle copied elsewhere: the GPU machine's
// carry), where an install puts it (../lib/<triplet>/kernelcam/), and the build tree's for programs
// run from the build tree.
std::string cudaBackendSearchPathText();

}  // namespace kc
