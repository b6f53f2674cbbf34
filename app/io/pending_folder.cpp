#include "app/io/pending_folder.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>

#include "app/io/output_file.hpp"
#include "app/io/signal_cleanup.hpp"
#include "gpu/core/input_file.hpp"
#include "gpu/core/message_text.hpp"

namespace kc::io {

namespace fs = std::filesystem;

namespace {

std::string withoutTrailingSlashes(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

}  // namespace

PendingFolder::PendingFolder(OutputFile folder)
    : output_(std::move(folder)), folder_(withoutTrailingSlashes(output_.path)) {
  // The folders that do not exist yet, outermost first: this run creates them, and removes them
  // again if it fails.
  std::vector<fs::path> missing;
  std::error_code ec;
  for (fs::path path = fs::absolute(folder_, ec); !path.empty() && !fs::exists(path, ec); path = path.parent_path()) {
    missing.insert(missing.begin(), path);
    if (path == path.parent_path()) break;
  }
  for (const fs::path& path : missing) {
    if (::mkdir(path.c_str(), 0777) != 0 && errno != EEXIST)
      throw OutputError(OutputError::Kind::Usage, output_.option + " " + quotedText(output_.path, 120) +
                                                      ": cannot create the folder " + quotedText(path.string(), 120) +
                                                      " (" + pathErrorReason(errno) + ")");
    created_.push_back(path.string());
  }
  std::string temporary = folder_ + "/.kernelcam-frames-XXXXXX";
  if (!::mkdtemp(temporary.data())) {
    const int error = errno;
    discard();
    throw OutputError(OutputError::Kind::Usage, output_.option + " " + quotedText(output_.path, 120) +
                                                    ": cannot write (" + pathErrorReason(error) + ")");
  }
  temporary_ = temporary;
  signalSlot_ = registerTemporaryFolder(temporary_);
}

PendingFolder::~PendingFolder() {
  if (!committed_) discard();
}

void PendingFolder::fail(const std::string& why) {
  discard();
  throw OutputError(OutputError::Kind::WriteFailed, output_.option + " " + quotedText(output_.path, 120) +
                                                        ": cannot write (" + why +
                                                        "); no frame of this run was kept, the folder is as it was");
}

void PendingFolder::write(const std::string& name, const QByteArray& bytes) {
  const std::string path = temporary_ + "/" + name;
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0666);
  if (fd < 0) fail(name + ": " + pathErrorReason(errno));
  names_.push_back(name);
  int error = writeAllBytes(fd, bytes);
  // On the disk before it is renamed into place, as QSaveFile does for every other output.
  if (error == 0 && ::fdatasync(fd) != 0) error = errno;
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error != 0) fail(name + ": " + pathErrorReason(error));
}

void PendingFolder::commit() {
  for (const std::string& name : names_)
    if (::rename((temporary_ + "/" + name).c_str(), (folder_ + "/" + name).c_str()) != 0)
      fail(name + ": " + pathErrorReason(errno));
  committed_ = true;
  ::rmdir(temporary_.c_str());
  unregisterTemporary(signalSlot_);
  signalSlot_ = -1;
}

void PendingFolder::discard() noexcept {
  if (!temporary_.empty()) {
    for (const std::string& name : names_) ::unlink((temporary_ + "/" + name).c_str());
    ::rmdir(temporary_.c_str());
    temporary_.clear();
  }
  names_.clear();
  unregisterTemporary(signalSlot_);
  signalSlot_ = -1;
  // The folders this run created, innermost first, each only while empty.
  for (auto folder = created_.rbegin(); folder != created_.rend(); ++folder)
    if (::rmdir(folder->c_str()) != 0) break;
  created_.clear();
}

}  // namespace kc::io
