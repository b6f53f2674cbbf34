#pragma once
// How much memory this process holds now: resident set (VmRSS), its peak (getrusage), and, when it
// runs the CUDA backend, device memory in use or free. For `process --soak`'s leak watch and the
// memory admission of the CLI (gpu/core/memory_budget.hpp).
#include <optional>

namespace kc {

// VmRSS from /proc/self/status in MiB; nullopt where that file does not exist (not Linux).
std::optional<double> residentMemoryMiB();

// The largest resident set this process has had so far (getrusage ru_maxrss), in MiB.
std::optional<double> peakResidentMemoryMiB();

// Used device memory of the current CUDA device in MiB (every process on it: compare over time,
// not across machines); nullopt in a build without CUDA or without a device.
std::optional<double> deviceMemoryUsedMiB();

// Free bytes of the current CUDA device (cudaMemGetInfo); nullopt without CUDA or a device.
std::optional<double> deviceMemoryFreeBytes();

}  // namespace kc
