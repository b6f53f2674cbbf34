#include "gpu/core/input_file.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kc {

std::string pathErrorReason(int error) {
  switch (error) {
    case ENOENT: return "no such file";
    case ENOTDIR: return "a part of the path is not a folder";
    case EACCES:
    case EPERM: return "permission denied";
    case ELOOP: return "too many levels of symbolic links (a link loop?)";
    case ENAMETOOLONG: return "the path is too long";
    case EISDIR: return "is a directory, not a file";
    case ENOSPC: return "no space left on the device (disk full)";
    case EDQUOT: return "disk quota exceeded";
    case EROFS: return "read-only file system";
    default: return std::strerror(error);
  }
}

std::string unreadableInputReason(const std::string& path) {
  if (path.empty()) return "no path given";
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) {
    const int error = errno;
    struct stat link {};
    if (error == ENOENT && ::lstat(path.c_str(), &link) == 0) return "a symbolic link to a missing file";
    // stat needs search permission on every folder of the path, not read permission on the file.
    if (error == EACCES) return "permission denied (a folder on the path cannot be searched)";
    return pathErrorReason(error);
  }
  if (S_ISDIR(status.st_mode)) return "is a directory, not a file";
  if (S_ISFIFO(status.st_mode)) return "is a FIFO (named pipe), not a regular file";
  if (S_ISCHR(status.st_mode)) return "is a character device, not a regular file";
  if (S_ISBLK(status.st_mode)) return "is a block device, not a regular file";
  if (S_ISSOCK(status.st_mode)) return "is a socket, not a regular file";
  if (!S_ISREG(status.st_mode)) return "not a regular file";
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    const int error = errno;
    return error == EACCES ? "permission denied (no read permission on the file)" : pathErrorReason(error);
  }
  ::close(fd);
  if (status.st_size == 0) return "the file is empty (0 bytes)";
  return {};
}

}  // namespace kc
