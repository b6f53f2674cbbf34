#include "gpu/lab/cuda/order_page.hpp"

#include <cuda_runtime.h>
#include <unistd.h>

#include <atomic>

#include "gpu/core/cuda_check.cuh"
#include "gpu/lab/worker/worker_protocol.hpp"

namespace kc::lab {
namespace {

std::string newPageName() {
  static std::atomic<unsigned> counter = 0;
  return "/kernelcam-lab-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
}

}  // namespace

// Zero-filled on creation: every word starts below the first frame's number.
OrderPage::OrderPage() : page_(newPageName(), kOrderPageBytes, SharedPage::Mode::Create) {
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
