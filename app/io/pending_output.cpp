#include "app/io/pending_output.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <filesystem>

#include "app/io/signal_cleanup.hpp"
#include "gpu/core/input_file.hpp"
#include "gpu/core/message_text.hpp"

namespace kc::io {

namespace fs = std::filesystem;

namespace {

// 64 bits from the kernel's random source: a name another user cannot guess in advance.
std::string randomHex() {
  std::uint64_t bits = 0;
  auto* bytes = reinterpret_cast<unsigned char*>(&bits);
  for (std::size_t got = 0; got < sizeof bits;) {
    const ssize_t n = ::getrandom(bytes + got, sizeof bits - got, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw OutputError(OutputError::Kind::WriteFailed, "no random source for a temporary name");
    got += static_cast<std::size_t>(n);
  }
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text(16, '0');
  for (int i = 0; i < 16; ++i) text[static_cast<std::size_t>(i)] = kDigits[(bits >> (4 * i)) & 15];
  return text;
}

std::string fileKind(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

}  // namespace

PendingOutput::PendingOutput(OutputFile output, PendingOptions options)
    : output_(std::move(output)), options_(std::move(options)) {
  checkOutputs({output_}, {});
  // A symlink at the target is followed: its file is replaced and the link stays a link.
  finalPath_ = output_.path;
  struct stat status {};
  if (::lstat(output_.path.c_str(), &status) == 0 && S_ISLNK(status.st_mode)) {
    std::error_code ec;
    const fs::path resolved = fs::canonical(output_.path, ec);
    if (!ec) finalPath_ = resolved.string();
  }
  const bool exists = ::stat(finalPath_.c_str(), &status) == 0;
  if (exists && !S_ISREG(status.st_mode)) {
    direct_ = true;
    const std::string what = finalPath_ == output_.path ? "it is " : quotedText(finalPath_, 120) + " is ";
    if (!options_.needsRegularFile.empty())
      fail(OutputError::Kind::Usage, what + fileKind(status.st_mode) + "; " + options_.needsRegularFile);
    writePath_ = finalPath_;
    fd_ = ::open(finalPath_.c_str(), O_WRONLY | O_CLOEXEC);  // a pipe waits here for its reader, as writeOutput does
    if (fd_ < 0) fail(OutputError::Kind::Usage, pathErrorReason(errno));
    return;
  }

  const fs::path target(finalPath_);
  const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string stem = target.stem().string();
  if (stem.size() > 200) stem.resize(200);  // the name stays within NAME_MAX with the rest
  for (int attempt = 0; fd_ < 0; ++attempt) {
    std::string name(".");  // appended piece by piece: GCC 12 warns (-Wrestrict) on "." + std::string
    name += stem;
    name += ".partial-" + randomHex();
    name += target.extension().string();
    writePath_ = (folder / name).string();
    // O_EXCL + O_NOFOLLOW: a name that exists (planted, or a collision) is never opened; try another.
    fd_ = ::open(writePath_.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd_ < 0 && (errno != EEXIST || attempt >= 16)) {
      const int error = errno;
      writePath_.clear();
      fail(OutputError::Kind::Usage,
           "cannot create a temporary file in " + quotedText(folder.string(), 120) + ": " + pathErrorReason(error));
    }
  }
  if (exists) (void)::fchmod(fd_, status.st_mode & 07777);           // the new file keeps the old one's permissions
  if (options_.keepOnSignal) (void)::flock(fd_, LOCK_EX | LOCK_NB);  // held until the process ends, however it ends
  else signalSlot_ = registerTemporary(writePath_);
}

PendingOutput::~PendingOutput() {
  if (!committed_) discard();
}

void PendingOutput::discard() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!direct_ && !writePath_.empty()) ::unlink(writePath_.c_str());
  unregisterTemporary(signalSlot_);
  signalSlot_ = -1;
}

void PendingOutput::fail(OutputError::Kind kind, const std::string& why) {
  discard();
  committed_ = true;  // nothing left to remove
  throw OutputError(kind, output_.option + " " + quotedText(output_.path, 120) + ": cannot write (" + why + ")");
}

void PendingOutput::commit() {
  if (committed_) return;
  auto closeFd = [this] {
    const int fd = fd_;
    fd_ = -1;
    return ::close(fd) == 0 || errno == EINTR ? 0 : errno;
  };
  if (direct_) {
    if (const int error = closeFd(); error != 0) fail(OutputError::Kind::WriteFailed, pathErrorReason(error));
    committed_ = true;
    return;
  }
  struct stat status {};
  if (::fstat(fd_, &status) != 0 || status.st_size == 0) fail(OutputError::Kind::WriteFailed, "nothing was written");
  // On disk before it replaces anything: a crash after the rename never leaves an empty file.
  if (::fsync(fd_) != 0) fail(OutputError::Kind::WriteFailed, pathErrorReason(errno));
  if (const int error = closeFd(); error != 0) fail(OutputError::Kind::WriteFailed, pathErrorReason(error));
  if (::rename(writePath_.c_str(), finalPath_.c_str()) != 0)
    fail(OutputError::Kind::WriteFailed, pathErrorReason(errno));
  unregisterTemporary(signalSlot_);
  signalSlot_ = -1;
  committed_ = true;
}

}  // namespace kc::io
