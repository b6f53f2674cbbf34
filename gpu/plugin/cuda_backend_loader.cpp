#include "gpu/plugin/cuda_backend_loader.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <vector>

#include "gpu/core/input_file.hpp"
#include "gpu/core/message_text.hpp"

namespace kc {
namespace {

// Where libkernelcam-cuda.so may be, in order (cuda_backend_loader.hpp says why each).
std::vector<std::filesystem::path> candidates() {
  if (const char* chosen = std::getenv("KC_CUDA_BACKEND"); chosen && *chosen) return {chosen};
  std::vector<std::filesystem::path> paths;
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return paths;
  paths.push_back(self.parent_path() / "libkernelcam-cuda.so");  // beside it: a copied, relocated bundle
#ifdef KC_CUDA_BACKEND_FROM_BINARY  // relative to the installed binary (cmake/KernelcamPackaging.cmake)
  paths.push_back((self.parent_path() / KC_CUDA_BACKEND_FROM_BINARY).lexically_normal());
#endif
#if defined(KC_CUDA_BACKEND_BUILD_PATH) && defined(KC_BUILD_DIR)
  // The build tree's (app/CMakeLists.txt), for programs that run from it: never for an installed
  // kernelcam, which must not pick up a build it happens to find on the machine.
  if (self.string().rfind(KC_BUILD_DIR "/", 0) == 0) paths.emplace_back(KC_CUDA_BACKEND_BUILD_PATH);
#endif
  return paths;
}

struct Loaded {
  const BackendModule* backend = nullptr;
  std::string error;
  std::string path;
};

Loaded load() {
#ifndef KC_HAVE_CUDA
  return {nullptr, "this build has no CUDA backend"};
#else
  const bool chosen = std::getenv("KC_CUDA_BACKEND") && *std::getenv("KC_CUDA_BACKEND");
  for (std::filesystem::path path : candidates()) {
    std::error_code error;
    if (!std::filesystem::exists(path, error)) continue;
    const std::string given = path.string();
    // dlopen takes a name without a '/' for a library to look for on the library path, never for
    // the file of that name in the current folder: the file that exists here is the one meant.
    if (!path.has_parent_path()) path = std::filesystem::absolute(path, error);
    // dlopen reads whatever it is given: a FIFO would block every command and the window until
    // someone wrote to it, a device be read for ever. A readable regular file only, in the words
    // every input file gets.
    if (const std::string why = unreadableInputReason(path.string()); !why.empty())
      return {nullptr, (chosen ? "KC_CUDA_BACKEND " : "the CUDA backend ") + quotedText(given, 200) + ": " + why +
                           " (it must name libkernelcam-cuda.so)"};
    // RTLD_NOW: a missing library or symbol is reported here, not at some later call.
    void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library) {
      const char* why = dlerror();
      return {nullptr, "the CUDA backend cannot load (" + std::string(why ? why : path.string()) +
                           "; NVIDIA's CUDA libraries come with the kernelcam-cuda package)"};
    }
    const auto entry = reinterpret_cast<BackendEntry>(dlsym(library, kBackendEntry));
    const BackendModule* backend = entry ? entry(kBackendAbi) : nullptr;
    // The two concerns every backend offers (backend_module.hpp); a module without them is not one.
    if (!backend || !backend->devices || !backend->pipelines)
      return {nullptr, "the CUDA backend " + path.string() + " belongs to another kernelcam version"};
    return {backend, "", path.string()};  // never closed: its registrations and its CUDA context live until exit
  }
  return {nullptr, "the CUDA backend is not installed (no libkernelcam-cuda.so; install the kernelcam-cuda package)"};
#endif
}

const Loaded& loaded() {
  static const Loaded result = load();  // thread-safe, once
  return result;
}

}  // namespace

const BackendModule* cudaBackend() { return loaded().backend; }
std::string cudaBackendLoadError() { return loaded().error; }
std::string cudaBackendPath() { return loaded().path; }

DeviceBackend* cudaDevices() { return loaded().backend ? loaded().backend->devices : nullptr; }
BenchBackend* cudaBench() { return loaded().backend ? loaded().backend->bench : nullptr; }
KernelCompilerBackend* cudaKernelCompiler() { return loaded().backend ? loaded().backend->compiler : nullptr; }
KernelRunnerBackend* cudaKernelRunner() { return loaded().backend ? loaded().backend->runner : nullptr; }

std::string cudaBackendSearchPathText() {
  std::string text;
  for (const std::filesystem::path& path : candidates()) text += (text.empty() ? "" : ", ") + path.string();
  return text.empty() ? "nowhere (this build has no CUDA backend)" : text;
}

}  // namespace kc
