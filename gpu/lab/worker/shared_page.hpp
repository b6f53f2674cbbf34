#pragma once
// One page of POSIX shared memory (shm_open), mapped read-write: the lab's order page
// (GpuOrder in worker_protocol.hpp), created by kernelcam (gpu/lab/cuda/order_page.hpp) and
// opened by name in the worker. Plain C++: each side registers it with its own CUDA API.
//
// Its name is in /dev/shm, which every user shares, only from its creation until the worker has
// mapped it (unlinkName()). So that nobody can take or plant it meanwhile, a new page's name is
// unpredictable (getrandom) and created with O_EXCL, another tried when one is taken; the side
// that opens it checks that it is this user's and as large as asked. A name left by a process that
// was killed at the wrong moment is swept by the next one (sweepStaleSharedPages).
#include <cstddef>
#include <functional>
#include <string>

namespace kc::lab {

// The lab's pages: "/kernelcam-lab-<creator's pid>-<16 random hex digits>".
inline constexpr const char* kLabPagePrefix = "/kernelcam-lab-";

class SharedPage {
 public:
  enum class Mode { Create, Open };
  // Create: a new object of `bytes` zero bytes under `name` (which must not exist); Open: an
  // existing one of this user's, at least `bytes` long. Throws kc::Error naming the call and the reason.
  SharedPage(std::string name, std::size_t bytes, Mode mode);
  // A new object under PREFIX<pid>-<random>: `random` gives the last part (default: 16 hex digits
  // from getrandom); a name that exists already is passed over for the next, up to 16 times.
  struct UniqueName {
    std::string prefix;
    std::function<std::string()> random;
  };
  SharedPage(const UniqueName& name, std::size_t bytes);
  ~SharedPage();
  SharedPage(const SharedPage&) = delete;
  SharedPage& operator=(const SharedPage&) = delete;

  void* data() const noexcept { return data_; }
  const std::string& name() const noexcept { return name_; }
  // Removes the name (the creator's, once the other side has opened it); the mapping stays.
  void unlinkName() noexcept;

 private:
  void map(int fd, bool create);

  std::string name_;
  std::size_t bytes_ = 0;
  bool linked_ = false;
  void* data_ = nullptr;
};

// Removes this user's pages named PREFIX<pid>-... in /dev/shm whose creating process is gone (a
// kernelcam killed before its worker mapped the page); returns how many. A live process's are kept.
int sweepStaleSharedPages(const std::string& prefix = kLabPagePrefix);

}  // namespace kc::lab
