#pragma once
// A normal run prints only what the user needs on stderr: the warnings Qt and OpenCV print that
// mean nothing to a user of kernelcam (stderr_noise.hpp lists them) are dropped unless --verbose.
// Everything else passes unchanged.
#include "app/diagnostics/stderr_noise.hpp"

namespace kc {

// Installs the Qt message filter and quiets OpenCV's own log (errors only); with verbose, Qt
// and OpenCV keep their defaults. Call once, first thing in main (before any QApplication).
void installQuietOutput(bool verbose);

}  // namespace kc
