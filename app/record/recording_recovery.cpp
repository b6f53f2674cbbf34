#include "app/record/recording_recovery.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <filesystem>

#include "gpu/core/input_file.hpp"
#include "gpu/core/message_text.hpp"

namespace kc {

namespace fs = std::filesystem;

namespace {

std::uint64_t bigEndian(const unsigned char* bytes, int count) {
  std::uint64_t value = 0;
  for (int i = 0; i < count; ++i) value = value << 8 | bytes[i];
  return value;
}

class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

// `target`, else "NAME (recovered).EXT", "NAME (recovered 2).EXT", ...: the first name free now.
// RENAME_NOREPLACE: a file that took the name meanwhile is never overwritten.
bool renameBeside(const std::string& from, const std::string& target, std::string* placed, int* error) {
  const fs::path path(target);
  for (int n = 1; n <= 100; ++n) {
    std::string candidate = target;
    if (n > 1) {
      candidate = (path.parent_path() / path.stem()).string() + " (recovered";
      candidate += n > 2 ? " " + std::to_string(n - 1) + ")" : ")";
      candidate += path.extension().string();
    }
    if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, candidate.c_str(), RENAME_NOREPLACE) == 0) {
      *placed = candidate;
      return true;
    }
    if (errno == EINVAL || errno == ENOSYS) {  // a file system without RENAME_NOREPLACE: link, then unlink
      if (::link(from.c_str(), candidate.c_str()) == 0) {
        ::unlink(from.c_str());
        *placed = candidate;
        return true;
      }
    }
    if (errno != EEXIST) break;
  }
  *error = errno;
  return false;
}

}  // namespace

std::uint64_t completeFragmentsLength(int fd, std::uint64_t size) {
  std::uint64_t offset = 0, complete = 0;
  bool header = false;  // ftyp and moov seen
  for (bool first = true; offset + 8 <= size; first = false) {
    unsigned char bytes[16];
    if (::pread(fd, bytes, 8, static_cast<off_t>(offset)) != 8) break;
    std::uint64_t boxSize = bigEndian(bytes, 4);
    const std::string type(reinterpret_cast<const char*>(bytes + 4), 4);
    std::uint64_t headerBytes = 8;
    if (boxSize == 1) {  // a 64-bit size follows
      if (::pread(fd, bytes + 8, 8, static_cast<off_t>(offset + 8)) != 8) break;
      boxSize = bigEndian(bytes + 8, 8);
      headerBytes = 16;
    }
    if (first && type != "ftyp") return size;  // not an MP4 this writer made: left as it is
    // 0 ("to the end of the file"): a box never closed; or one that the file ends inside.
    if (boxSize < headerBytes || boxSize > size - offset) break;
    offset += boxSize;
    if (type == "moov") header = true;
    // A fragment is whole with its media data; mfra (the index a finished file ends with) too.
    if ((type == "mdat" || type == "mfra") && header) complete = offset;
  }
  return complete;
}

RecoveryResult recoverRecording(const InterruptedRecording& recording) {
  RecoveryResult result;
  auto failed = [&](const std::string& why) {
    result.outcome = RecoveryResult::Outcome::Failed;
    result.message =
        "the interrupted recording " + quotedText(recording.temporary, 120) + " could not be recovered (" + why + ")";
    return result;
  };
  const Descriptor file(::open(recording.temporary.c_str(), O_RDWR | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK));
  if (file.get() < 0) {
    if (errno == ENOENT) return result;  // Gone
    return failed(pathErrorReason(errno));
  }
  if (::flock(file.get(), LOCK_EX | LOCK_NB) != 0) {
    if (errno != EWOULDBLOCK) return failed(pathErrorReason(errno));
    result.outcome = RecoveryResult::Outcome::StillRecording;
    return result;
  }
  struct stat status {};
  if (::fstat(file.get(), &status) != 0) return failed(pathErrorReason(errno));
  if (!S_ISREG(status.st_mode) || status.st_uid != ::geteuid()) return failed("not a file this user's recording wrote");
  auto size = static_cast<std::uint64_t>(status.st_size);
  std::string extension = fs::path(recording.target).extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (extension == ".mp4") {
    const std::uint64_t complete = completeFragmentsLength(file.get(), size);
    if (complete < size && ::ftruncate(file.get(), static_cast<off_t>(complete)) != 0)
      return failed(pathErrorReason(errno));
    size = complete;
  }
  if (size == 0) {
    ::unlink(recording.temporary.c_str());
    result.outcome = RecoveryResult::Outcome::Empty;
    return result;
  }
  if (::fsync(file.get()) != 0) return failed(pathErrorReason(errno));
  int error = 0;
  if (!renameBeside(recording.temporary, recording.target, &result.path, &error)) return failed(pathErrorReason(error));
  result.outcome = RecoveryResult::Outcome::Recovered;
  return result;
}

}  // namespace kc
