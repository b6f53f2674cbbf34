#pragma once
// The kernel editor's toolchain for this machine: NVRTC and the device's occupancy through the
// CUDA backend where it loads (gpu/plugin/cuda_backend_loader.hpp), a toolchain that says why not
// otherwise.
#include <QString>

#include "ui/lab/lab_toolchain.hpp"

namespace kc {

// Where "Open built-in" keeps the user's copies: the app's data folder, kernels/.
QString defaultLabDirectory();

lab::LabToolchain labToolchain();

}  // namespace kc
