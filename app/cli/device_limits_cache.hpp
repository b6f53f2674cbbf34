#pragma once
// `kernel check` without starting CUDA. The check needs the device's architecture (what to compile
// for) and its limits (the occupancy); asking the driver starts CUDA, ~100 ms of the check's ~250 on
// the H200 (issue 22's target for the whole check is 150). The first check on a machine asks the
// driver and keeps the answer here; later checks read it when nothing about the GPUs changed.
//
// "Nothing changed" is the driver's own description of itself and of every GPU it drives, read from
// /proc/driver/nvidia (its version line; each GPU's model, bus location and serial), plus the
// variables that choose and order CUDA's devices (CUDA_VISIBLE_DEVICES, CUDA_DEVICE_ORDER): device 0 is
// then the same card. No /proc/driver/nvidia (no NVIDIA driver, a container without it): no cache,
// the driver is asked as before. The file is $XDG_CACHE_HOME/kernelcam/cuda-device-0 (else
// ~/.cache/...), written atomically (io::writeOutput); a file that does not parse is ignored.
#include <filesystem>
#include <optional>
#include <string>

#include "gpu/lab/device_limits.hpp"

namespace kc {

// The driver's description of itself and its GPUs, or "" where there is none.
std::string nvidiaDriverFingerprint(const std::filesystem::path& driverInfo = "/proc/driver/nvidia");
std::filesystem::path deviceLimitsCacheFile();

// The limits kept for `fingerprint`; nullopt when none are, or for another fingerprint.
std::optional<lab::DeviceLimits> cachedDeviceLimits(const std::filesystem::path& file, const std::string& fingerprint);
// Keeps them; a failure to write costs only the next check's speed (false, nothing thrown).
bool storeDeviceLimits(const std::filesystem::path& file, const std::string& fingerprint,
                       const lab::DeviceLimits& limits);

}  // namespace kc
