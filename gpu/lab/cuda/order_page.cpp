#include "gpu/lab/cuda/order_page.hpp"

#include <cuda_runtime.h>
#include <unistd.h>

#include "gpu/core/cuda_check.cuh"
#include "gpu/lab/worker/worker_protocol.hpp"

namespace kc::lab {
namespace {

// Before each new page (one per worker, a few a session): the pages a kernelcam killed at the
// wrong moment left in /dev/shm (created, never mapped by its worker, so never unlinked) go. A
// look through /dev/shm costs microseconds.
SharedPage::UniqueName newPageName() {
  (void)sweepStaleSharedPages(kLabPagePrefix);
  return {kLabPagePrefix, {}};  // an unpredictable name, created O_EXCL (shared_page.hpp)
}

}  // namespace

// Zero-filled on creation: every word starts below the first frame's number.
OrderPage::OrderPage() : page_(newPageName(), kOrderPageBytes) {
  KC_CUDA_CHECK(cudaHostRegister(page_.data(), kOrderPageBytes, cudaHostRegisterMapped));
  void* device = nullptr;
  if (const cudaError_t found = cudaHostGetDevicePointer(&device, page_.data(), 0); found != cudaSuccess) {
    (void)cudaHostUnregister(page_.data());
    KC_CUDA_CHECK(found);
  }
  device_ = reinterpret_cast<CUdeviceptr>(device);
}

OrderPage::~OrderPage() { (void)cudaHostUnregister(page_.data()); }

void OrderPage::store(std::uint64_t offset, std::uint64_t value) noexcept {
  auto* word = reinterpret_cast<std::uint64_t*>(static_cast<unsigned char*>(page_.data()) + offset);
  __atomic_store_n(word, value, __ATOMIC_SEQ_CST);
}

}  // namespace kc::lab
