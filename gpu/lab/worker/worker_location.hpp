#pragma once
// Where the lab's worker executable is: kernelcam starts it for every user kernel's process.
#include <string>

namespace kc::lab {

constexpr const char* kLabWorkerName = "kernelcam-lab-worker";
constexpr const char* kLabWorkerVariable = "KC_LAB_WORKER";

// $KC_LAB_WORKER when set (it must name an executable file), else kernelcam-lab-worker next to
// this program's executable (an installed or packed kernelcam), else `builtAt` (the build tree's
// worker: the app and the tests run from their own build folders). Throws kc::Error saying where
// it looked.
std::string findLabWorker(const std::string& builtAt);

}  // namespace kc::lab
