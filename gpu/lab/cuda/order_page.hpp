#pragma once
// The page of host memory that orders a user kernel's frame with kernelcam's stream on the GPU
// (GpuOrder in gpu/lab/worker/worker_protocol.hpp): a SharedPage, mapped here and in the worker,
// registered with the driver in both, so that either stream can write and wait on its words, and
// kernelcam's thread can write one with a plain store (the release of a frame whose worker is gone:
// no CUDA call, so nothing can queue it behind the wait it ends).
//
// The object's name lives in /dev/shm only until the worker has opened it (unlinkName()): an
// unpredictable name, created O_EXCL (shared_page.hpp); each new page first sweeps those that
// killed processes left. The page stays mapped and registered as long as this object lives;
// LabRunner keeps the pages of workers it could not confirm gone.
#include <cuda.h>

#include <cstdint>
#include <string>

#include "gpu/lab/worker/shared_page.hpp"

namespace kc::lab {

class OrderPage {
 public:
  // Creates, maps and registers the page. Throws kc::Error with the reason.
  OrderPage();
  ~OrderPage();
  OrderPage(const OrderPage&) = delete;
  OrderPage& operator=(const OrderPage&) = delete;

  const std::string& name() const noexcept { return page_.name(); }
  void unlinkName() noexcept { page_.unlinkName(); }
  // The word at `offset` (8-byte aligned, inside the page): for this process's streams, and for a store.
  CUdeviceptr deviceWord(std::uint64_t offset) const noexcept { return device_ + offset; }
  void store(std::uint64_t offset, std::uint64_t value) noexcept;

 private:
  SharedPage page_;
  CUdeviceptr device_ = 0;
};

}  // namespace kc::lab
