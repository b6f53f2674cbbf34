#pragma once
// Where the lab's executables are: kernelcam starts the worker for every user kernel's process
// and the compiler for every compile.
#include <string>

namespace kc::lab {

constexpr const char* kLabWorkerName = "kernelcam-lab-worker";
constexpr const char* kLabWorkerVariable = "KC_LAB_WORKER";
constexpr const char* kLabCompilerName = "kernelcam-lab-compiler";
constexpr const char* kLabCompilerVariable = "KC_LAB_COMPILER";

// $VARIABLE when set (it must name an executable file), else NAME next to this program's
// executable (an installed or packed kernelcam), else `builtAt` (the build tree's: the app and the
// tests run from their own build folders). Throws kc::Error saying where it looked.
std::string findLabExecutable(const char* name, const char* variable, const std::string& builtAt);

// findLabExecutable for the worker.
inline std::string findLabWorker(const std::string& builtAt) {
  return findLabExecutable(kLabWorkerName, kLabWorkerVariable, builtAt);
}

}  // namespace kc::lab
