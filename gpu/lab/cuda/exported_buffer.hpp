#pragma once
// Device memory of kernelcam's own (cudart's) context that the lab's worker process maps through
// CUDA IPC: the frames a user kernel reads and writes. A plain cudaMalloc allocation, since IPC
// exports whole cudaMalloc allocations (not pool or graphics memory), by their base address. Its
// size is rounded up to whole 2 MiB, the unit the driver maps large allocations in: the worker's
// mapping then holds this buffer and nothing else of kernelcam's.
//
// Freeing it while a worker still maps it is undefined behaviour (CUDA's IPC rules): LabRunner
// frees a buffer only after the worker unmapped it or is gone, and abandons (never frees) one a
// worker that could not be confirmed gone may still map.
#include <cstddef>
#include <cstdint>

#include "gpu/lab/worker/worker_protocol.hpp"

namespace kc::lab {

class ExportedBuffer {
 public:
  // Allocates at least `bytes` on the current device and exports it as allocation `id`. Throws
  // kc::Error (also where the system offers no CUDA IPC).
  ExportedBuffer(std::size_t bytes, std::uint64_t id);
  ~ExportedBuffer();
  ExportedBuffer(const ExportedBuffer&) = delete;
  ExportedBuffer& operator=(const ExportedBuffer&) = delete;

  unsigned char* data() const noexcept { return data_; }
  std::size_t bytes() const noexcept { return shared_.bytes; }  // as allocated (rounded up)
  const SharedAllocation& shared() const noexcept { return shared_; }
  // Keeps the memory allocated until the process ends.
  void abandon() noexcept { data_ = nullptr; }

 private:
  unsigned char* data_ = nullptr;
  SharedAllocation shared_;
};

}  // namespace kc::lab
