#pragma once
// One page of POSIX shared memory (shm_open), mapped read-write: the lab's order page
// (GpuOrder in worker_protocol.hpp), created by kernelcam (gpu/lab/cuda/order_page.hpp) and
// opened by name in the worker. Plain C++: each side registers it with its own CUDA API.
#include <cstddef>
#include <string>

namespace kc::lab {

class SharedPage {
 public:
  enum class Mode { Create, Open };
  // Create: a new object of `bytes` zero bytes under `name` (which must not exist); Open: an existing
  // one. Throws kc::Error naming the call and the reason.
  SharedPage(std::string name, std::size_t bytes, Mode mode);
  ~SharedPage();
  SharedPage(const SharedPage&) = delete;
  SharedPage& operator=(const SharedPage&) = delete;

  void* data() const noexcept { return data_; }
  const std::string& name() const noexcept { return name_; }
  // Removes the name (the creator's, once the other side has opened it); the mapping stays.
  void unlinkName() noexcept;

 private:
  std::string name_;
  std::size_t bytes_ = 0;
  bool linked_ = false;
  void* data_ = nullptr;
};

}  // namespace kc::lab
