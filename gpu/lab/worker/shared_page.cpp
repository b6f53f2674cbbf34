#include "gpu/lab/worker/shared_page.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "gpu/core/error.hpp"

namespace kc::lab {

SharedPage::SharedPage(std::string name, std::size_t bytes, Mode mode) : name_(std::move(name)), bytes_(bytes) {
  const bool create = mode == Mode::Create;
  const int fd = ::shm_open(name_.c_str(), O_RDWR | O_CLOEXEC | (create ? O_CREAT | O_EXCL : 0), 0600);
  if (fd < 0) throwError(__FILE__, __LINE__, "shm_open", name_ + ": " + std::strerror(errno), errno);
  linked_ = create;
  void* mapped = MAP_FAILED;
  if (!create || ::ftruncate(fd, static_cast<off_t>(bytes_)) == 0)
    mapped = ::mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  const int error = errno;
  ::close(fd);
  if (mapped == MAP_FAILED) {
    unlinkName();
    throwError(__FILE__, __LINE__, "mmap", name_ + ": " + std::strerror(error), error);
  }
  data_ = mapped;
}

SharedPage::~SharedPage() {
  unlinkName();
  if (data_) ::munmap(data_, bytes_);
}

void SharedPage::unlinkName() noexcept {
  if (linked_) ::shm_unlink(name_.c_str());
  linked_ = false;
}

}  // namespace kc::lab
