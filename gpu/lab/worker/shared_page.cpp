#include "gpu/lab/worker/shared_page.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "gpu/core/error.hpp"

namespace kc::lab {

namespace {

constexpr int kNameTries = 16;
constexpr const char* kSharedMemoryFolder = "/dev/shm";

std::string randomHex() {
  unsigned char bytes[8] = {};
  std::size_t got = 0;
  while (got < sizeof bytes) {
    const ssize_t n = ::getrandom(bytes + got, sizeof bytes - got, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throwError(__FILE__, __LINE__, "getrandom", std::strerror(errno), errno);
    got += static_cast<std::size_t>(n);
  }
  char text[2 * sizeof bytes + 1];
  for (std::size_t i = 0; i < sizeof bytes; ++i) std::snprintf(text + 2 * i, 3, "%02x", bytes[i]);
  return text;
}

}  // namespace

SharedPage::SharedPage(std::string name, std::size_t bytes, Mode mode) : name_(std::move(name)), bytes_(bytes) {
  const bool create = mode == Mode::Create;
  const int fd = ::shm_open(name_.c_str(), O_RDWR | O_CLOEXEC | (create ? O_CREAT | O_EXCL : 0), 0600);
  if (fd < 0) throwError(__FILE__, __LINE__, "shm_open", name_ + ": " + std::strerror(errno), errno);
  map(fd, create);
}

SharedPage::SharedPage(const UniqueName& name, std::size_t bytes) : bytes_(bytes) {
  const std::string stem = name.prefix + std::to_string(::getpid()) + "-";
  int fd = -1;
  for (int tries = 0; fd < 0 && tries < kNameTries; ++tries) {
    name_ = stem + (name.random ? name.random() : randomHex());
    fd = ::shm_open(name_.c_str(), O_RDWR | O_CLOEXEC | O_CREAT | O_EXCL, 0600);
    if (fd < 0 && errno != EEXIST) break;  // taken: another name; anything else: the reason
  }
  if (fd < 0)
    throwError(__FILE__, __LINE__, "shm_open",
               name_ + ": " + (errno == EEXIST ? std::string("every name tried is taken") : std::strerror(errno)),
               errno);
  map(fd, true);
}

void SharedPage::map(int fd, bool create) {
  linked_ = create;
  struct stat status {};
  std::string problem;
  if (!create) {
    // Opened by name in a folder every user shares: only a page this user made, of the size asked.
    if (::fstat(fd, &status) != 0) problem = std::strerror(errno);
    else if (status.st_uid != ::geteuid()) problem = "it belongs to another user";
    else if (status.st_size < static_cast<off_t>(bytes_))
      problem = "it is smaller than " + std::to_string(bytes_) + " bytes";
  }
  if (!problem.empty()) {
    ::close(fd);
    throwError(__FILE__, __LINE__, "shm_open", name_ + ": " + problem, EPERM);
  }
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

int sweepStaleSharedPages(const std::string& prefix) {
  // "/kernelcam-lab-" names "kernelcam-lab-..." in the folder.
  const std::string stem = prefix.starts_with("/") ? prefix.substr(1) : prefix;
  DIR* folder = ::opendir(kSharedMemoryFolder);
  if (!folder) return 0;
  int removed = 0;
  while (const dirent* entry = ::readdir(folder)) {
    const std::string name = entry->d_name;
    if (!name.starts_with(stem)) continue;
    // The creator's pid, then '-'.
    const std::size_t dash = name.find('-', stem.size());
    if (dash == std::string::npos || dash == stem.size()) continue;
    const std::string digits = name.substr(stem.size(), dash - stem.size());
    if (digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 9) continue;
    const pid_t pid = static_cast<pid_t>(std::stol(digits));
    if (pid <= 0 || ::kill(pid, 0) == 0 || errno != ESRCH) continue;  // alive (or not ours to signal): kept
    struct stat status {};
    if (::fstatat(::dirfd(folder), entry->d_name, &status, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(status.st_mode) ||
        status.st_uid != ::geteuid())
      continue;
    if (::shm_unlink(("/" + name).c_str()) == 0) ++removed;
  }
  ::closedir(folder);
  return removed;
}

}  // namespace kc::lab
