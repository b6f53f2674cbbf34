#pragma once
// The kernel editor's toolchain for this machine: NVRTC and the device's occupancy through the
// CUDA backend where it loads (gpu/plugin/cuda_backend_loader.hpp), a toolchain that says why not
// otherwise.
#include <QString>
#include <functional>
#include <optional>

#include "gpu/pipeline/host_frame.hpp"

#include "ui/lab/lab_toolchain.hpp"

namespace kc {

// Where "Open built-in" keeps the user's copies: the app's data folder, kernels/.
QString defaultLabDirectory();

// `latestFrame` gives the frame a per-line profile runs on (the live view's newest).
lab::LabToolchain labToolchain(std::function<std::optional<HostFrame>()> latestFrame = {});

}  // namespace kc
