#pragma once
// Memory admission: before a run allocates for a matrix, a Poisson grid, a matmul, a reduction or
// a frame, the caller estimates the bytes and asks here; a request that cannot fit is refused with
// one line (what was asked, what it needs, what is available) instead of being killed by the
// kernel half-way. An allocation that fails anyway (std::bad_alloc, cudaErrorMemoryAllocation)
// is turned into the same kind of line by `describeOutOfMemory`. Plain C++: the device's free
// bytes come from the caller (cudaMemGetInfo through kc::currentDeviceMemory()).
#include <cstdint>
#include <exception>
#include <optional>
#include <string>

#include "gpu/core/error.hpp"

namespace kc {

// A request that does not fit (or an allocation that failed). An InvalidArgument: the input asked
// for too much, so the CLI answers exit 2 like any other input it cannot take.
class OutOfMemory : public InvalidArgument {
 public:
  using InvalidArgument::InvalidArgument;
};

struct MemoryNeed {
  double hostBytes = 0;
  double deviceBytes = 0;
  MemoryNeed& operator+=(const MemoryNeed& other) {
    hostBytes += other.hostBytes;
    deviceBytes += other.deviceBytes;
    return *this;
  }
};

// MemAvailable from /proc/meminfo (what the kernel can give without swapping); nullopt where it
// cannot be read (not Linux): then nothing is refused up front.
std::optional<double> hostMemoryAvailable();

// Throws OutOfMemory when `need` exceeds what is available: "not enough host memory for <what>:
// needs about 53.6 GiB, 21.7 GiB available (MemAvailable)". `deviceFree` (cudaMemGetInfo's free
// bytes) is only consulted when need.deviceBytes > 0; `deviceName` labels it.
void requireMemory(const std::string& what, const MemoryNeed& need, std::optional<double> deviceFree = std::nullopt,
                   const std::string& deviceName = "the GPU");

// The one-line account of a failed allocation: std::bad_alloc, or a kc::Error from a CUDA
// allocation (cudaMalloc*, code cudaErrorMemoryAllocation). Empty when `error` is neither.
std::string describeOutOfMemory(const std::string& what, const std::exception& error);

}  // namespace kc
