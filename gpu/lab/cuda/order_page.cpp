#include "gpu/lab/cuda/order_page.hpp"

#include <cuda_runtime.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

#include "gpu/core/cuda_check.cuh"
#include "gpu/core/error.hpp"
#include "gpu/lab/worker/worker_protocol.hpp"

namespace kc::lab {

OrderPage::OrderPage() {
  static std::atomic<unsigned> counter = 0;
  name_ = "/kernelcam-lab-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
  const int fd = ::shm_open(name_.c_str(), O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0) throwError(__FILE__, __LINE__, "shm_open", name_ + ": " + std::strerror(errno), errno);
  linked_ = true;
  void* mapped = MAP_FAILED;
  if (::ftruncate(fd, static_cast<off_t>(kOrderPageBytes)) == 0)
    mapped = ::mmap(nullptr, kOrderPageBytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  const int error = errno;
  ::close(fd);
  if (mapped == MAP_FAILED) {
    unlinkName();
    throwError(__FILE__, __LINE__, "mmap", name_ + ": " + std::strerror(error), error);
  }
  host_ = mapped;  // zero-filled: every word starts below the first frame's number
  try {
    KC_CUDA_CHECK(cudaHostRegister(host_, kOrderPageBytes, cudaHostRegisterMapped));
    registered_ = true;
    void* device = nullptr;
    KC_CUDA_CHECK(cudaHostGetDevicePointer(&device, host_, 0));
    device_ = reinterpret_cast<CUdeviceptr>(device);
  } catch (...) {
    release();
    throw;
  }
}

OrderPage::~OrderPage() { release(); }

void OrderPage::release() noexcept {
  unlinkName();
  if (registered_) (void)cudaHostUnregister(host_);
  registered_ = false;
  if (host_) ::munmap(host_, kOrderPageBytes);
  host_ = nullptr;
}

void OrderPage::unlinkName() noexcept {
  if (linked_) ::shm_unlink(name_.c_str());
  linked_ = false;
}

void OrderPage::store(std::uint64_t offset, std::uint64_t value) noexcept {
  auto* word = reinterpret_cast<std::uint64_t*>(static_cast<unsigned char*>(host_) + offset);
  __atomic_store_n(word, value, __ATOMIC_SEQ_CST);
}

}  // namespace kc::lab
