#pragma once
// How much memory this process holds now: resident set (VmRSS) and, when it runs the CUDA
// backend, device memory in use. For `process --soak`'s leak watch.
#include <optional>

namespace kc {

// VmRSS from /proc/self/status in MiB; nullopt where that file does not exist (not Linux).
std::optional<double> residentMemoryMiB();

// Used device memory of the current CUDA device in MiB (every process on it: compare over time,
// not across machines); nullopt in a build without CUDA or without a device.
std::optional<double> deviceMemoryUsedMiB();

}  // namespace kc
