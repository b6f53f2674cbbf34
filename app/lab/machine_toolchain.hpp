#pragma once
// The kernel editor's toolchain for this build and machine: NVRTC and the device's occupancy in
// builds with CUDA (machine_toolchain_cuda.cpp), a toolchain that says why not otherwise.
#include <QString>

#include "ui/lab/lab_toolchain.hpp"

namespace kc {

// Where "Open built-in" keeps the user's copies: the app's data folder, kernels/.
QString defaultLabDirectory();

lab::LabToolchain labToolchain();
#ifdef KC_HAVE_CUDA
lab::LabToolchain cudaLabToolchain();
#endif

}  // namespace kc
