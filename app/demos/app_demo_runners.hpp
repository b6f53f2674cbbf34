#pragma once
// What the window's demo panel runs on this build and machine, and where its matrices are.
#include <QString>

#include "ui/demos/demo_runners.hpp"

namespace kc {

// The CUDA-capable runners where the build has CUDA and a device is present; else CPU only,
// with the reason the panel shows on its greyed "cuda" backend.
DemoRunners appDemoRunners();

// The shared Matrix Market set: $KC_MATRIX_DIR, else shared/data/matrices next to the checkout
// (from the working directory or the binary's); "" when none is found.
QString defaultMatrixDirectory();

}  // namespace kc
