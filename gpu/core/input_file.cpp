#include "gpu/core/input_file.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kc {

std::string pathErrorReason(int error) {
  switch (error) {
    case ENOENT:
      return "no such file";
    case ENOTDIR:
      return "a part of the path is not a folder";
    case EACCES:
    case EPERM:
      return "permission denied";
    case ELOOP:
      return "too many levels of symbolic links (a link loop?)";
    case ENAMETOOLONG:
      return "the path is too long";
    case EISDIR:
      return "is a directory, not a file";
    case ENOSPC:
      return "no space left on the device (disk full)";
    case EDQUOT:
      return "disk quota exceeded";
    case EROFS:
      return "read-only file system";
    default:
      return std::strerror(error);
  }
}

namespace {

std::string notRegularReason(mode_t mode) {
  if (S_ISDIR(mode)) return "is a directory, not a file";
  if (S_ISFIFO(mode)) return "is a FIFO (named pipe), not a regular file";
  if (S_ISCHR(mode)) return "is a character device, not a regular file";
  if (S_ISBLK(mode)) return "is a block device, not a regular file";
  if (S_ISSOCK(mode)) return "is a socket, not a regular file";
  if (!S_ISREG(mode)) return "not a regular file";
  return {};
}

}  // namespace

int openInputFile(const std::string& path, std::string* reason) {
  auto refuse = [&](std::string why) {
    *reason = std::move(why);
    return -1;
  };
  if (path.empty()) return refuse("no path given");
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) {
    const int error = errno;
    struct stat link {};
    if (error == ENOENT && ::lstat(path.c_str(), &link) == 0) return refuse("a symbolic link to a missing file");
    // stat needs search permission on every folder of the path, not read permission on the file.
    if (error == EACCES) return refuse("permission denied (a folder on the path cannot be searched)");
    return refuse(pathErrorReason(error));
  }
  // Refused by the path's type first: a device is not opened at all (opening one can have effects).
  if (std::string why = notRegularReason(status.st_mode); !why.empty()) return refuse(std::move(why));
  // O_NONBLOCK: were the path swapped for a FIFO since the stat, the open still returns at once;
  // the descriptor's own fstat then decides.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) {
    const int error = errno;
    return refuse(error == EACCES ? "permission denied (no read permission on the file)" : pathErrorReason(error));
  }
  struct stat opened {};
  std::string why = ::fstat(fd, &opened) != 0 ? pathErrorReason(errno) : notRegularReason(opened.st_mode);
  if (why.empty() && opened.st_size == 0) why = "the file is empty (0 bytes)";
  if (why.empty() && ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0) why = pathErrorReason(errno);
  if (!why.empty()) {
    ::close(fd);
    return refuse(std::move(why));
  }
  return fd;
}

std::string unreadableInputReason(const std::string& path) {
  std::string reason;
  const int fd = openInputFile(path, &reason);
  if (fd >= 0) ::close(fd);
  return reason;
}

}  // namespace kc
