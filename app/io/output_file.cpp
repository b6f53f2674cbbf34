#include "app/io/output_file.hpp"

#include <QFile>
#include <QSaveFile>
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <optional>
#include <string_view>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gpu/core/input_file.hpp"
#include "gpu/core/message_text.hpp"

namespace kc::io {

namespace fs = std::filesystem;

namespace {

std::string label(const OutputFile& output) { return output.option + " " + quotedText(output.path, 120); }

[[noreturn]] void refuse(const OutputFile& output, const std::string& why) {
  throw OutputError(OutputError::Kind::Usage, label(output) + ": cannot write (" + why + ")");
}

// The folder a file will be created in, or the folder itself for a folder output.
fs::path containingFolder(const OutputFile& output) {
  if (output.isFolder) {
    std::string folder = output.path;
    while (folder.size() > 1 && folder.back() == '/') folder.pop_back();  // "out/" names the folder "out"
    return folder;
  }
  const fs::path path(output.path);
  return path.has_parent_path() ? path.parent_path() : fs::path(".");
}

// 0 when a file can be created in `folder`, else the errno. Tried for real (a uniquely named empty
// file, removed at once): permissions alone do not say it for root, a read-only file system or a
// folder of /proc or /sys, where the write would otherwise fail only after the run.
int folderTakesNoFile(const fs::path& folder) {
  if (::access(folder.c_str(), W_OK | X_OK) != 0) return errno;
  std::string probe = (folder / ".kernelcam-probe-XXXXXX").string();
  const int fd = ::mkostemp(probe.data(), O_CLOEXEC);
  if (fd < 0) return errno;
  ::close(fd);
  ::unlink(probe.c_str());
  return 0;
}

// A file the run writes is created in its folder (QSaveFile's temporary too): the folder must
// exist, be a folder and take new files.
void checkFolder(const OutputFile& output, const fs::path& folder) {
  struct stat status {};
  if (::stat(folder.c_str(), &status) != 0) {
    const int error = errno;
    if (error == ENOENT && output.isFolder) {
      // Created by the run (with its missing parents): the nearest existing folder must take it.
      fs::path existing = folder;
      while (existing.has_parent_path() && existing.parent_path() != existing && ::stat(existing.c_str(), &status) != 0)
        existing = existing.parent_path();
      if (!existing.has_parent_path() && ::stat(existing.c_str(), &status) != 0) existing = ".";
      if (::stat(existing.c_str(), &status) == 0 && S_ISDIR(status.st_mode) &&
          ::access(existing.c_str(), W_OK | X_OK) == 0)
        return;
      refuse(output, "cannot create the folder under " + quotedText(existing.string(), 120));
    }
    refuse(output, error == ENOENT ? "no such folder " + quotedText(folder.string(), 120) : pathErrorReason(error));
  }
  if (!S_ISDIR(status.st_mode)) refuse(output, quotedText(folder.string(), 120) + " is not a folder");
  if (const int error = folderTakesNoFile(folder); error != 0)
    refuse(output, "cannot create files in " + quotedText(folder.string(), 120) + ": " +
                       (error == ENOENT ? "the folder takes no new files" : pathErrorReason(error)));
}

void checkOne(const OutputFile& output) {
  if (output.path.empty()) refuse(output, "empty path");
  if (writesToStdout(output)) return;
  struct stat status {};
  if (::stat(output.path.c_str(), &status) == 0) {
    if (output.isFolder) {
      if (!S_ISDIR(status.st_mode)) refuse(output, "exists and is not a folder");
    } else if (S_ISDIR(status.st_mode)) {
      refuse(output, "is a directory; give a file name inside it");
    } else if (::access(output.path.c_str(), W_OK) != 0) {
      refuse(output, "no write permission on the existing file");
    }
    if (!output.isFolder && !S_ISREG(status.st_mode)) return;  // /dev/null, a pipe: written directly
  } else if (errno != ENOENT) {
    refuse(output, pathErrorReason(errno));
  }
  checkFolder(output, containingFolder(output));
}

// Where a file is or will be: absolute, its folders' links resolved, and the name itself followed
// while it is a symbolic link (to a file that need not exist yet). Two spellings of a file that
// does not exist yet ("b.png", "./b.png", "d/../b.png", a link to it) resolve alike.
fs::path resolvedPath(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();  // "out/" is the folder "out"
  std::error_code ec;
  fs::path resolved = fs::absolute(path, ec);
  if (ec) return fs::path(path).lexically_normal();
  for (int hops = 0; hops < 40; ++hops) {  // ELOOP's limit
    const fs::path name = resolved.filename();
    if (name.empty() || name == "." || name == "..") return fs::weakly_canonical(resolved, ec);
    resolved = fs::weakly_canonical(resolved.parent_path(), ec) / name;
    if (!fs::is_symlink(fs::symlink_status(resolved, ec))) return resolved;
    const fs::path target = fs::read_symlink(resolved, ec);
    if (ec) return resolved;
    resolved = target.is_absolute() ? target : resolved.parent_path() / target;
  }
  return resolved;
}

// The numbered frames of a folder output: frame_00000.png, ...
bool isNumberedFrameName(const std::string& name) {
  constexpr std::string_view kPrefix = "frame_", kSuffix = ".png";
  if (name.size() < kPrefix.size() + 5 + kSuffix.size() || name.rfind(kPrefix, 0) != 0 ||
      name.compare(name.size() - kSuffix.size(), kSuffix.size(), kSuffix) != 0)
    return false;
  const std::string digits = name.substr(kPrefix.size(), name.size() - kPrefix.size() - kSuffix.size());
  return std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool isNumberedFrameIn(const std::string& path, const std::string& folder) {
  const fs::path p(path);
  const fs::path parent = p.has_parent_path() ? p.parent_path() : fs::path(".");
  return isNumberedFrameName(p.filename().string()) &&
         sameFile(parent.string(), folder);  // a folder the run creates too
}

// A file's identity: its device and inode, links followed.
struct FileIdentity {
  dev_t device = 0;
  ino_t inode = 0;
  bool operator<(const FileIdentity& o) const { return device != o.device ? device < o.device : inode < o.inode; }
};

std::optional<FileIdentity> identityOf(const std::string& path) {
  struct stat status {};
  if (path.empty() || ::stat(path.c_str(), &status) != 0) return std::nullopt;
  return FileIdentity{status.st_dev, status.st_ino};
}

// The files an output would write that exist now, by identity: the file itself, or each numbered
// frame of a folder output (frame_00000.png, ...; a link there to an input counts).
std::map<FileIdentity, std::string> existingTargets(const OutputFile& output) {
  std::map<FileIdentity, std::string> targets;
  if (!output.isFolder) {
    if (const auto identity = identityOf(output.path)) targets.emplace(*identity, output.path);
    return targets;
  }
  std::error_code ec;
  for (fs::directory_iterator entry(output.path, ec), end; !ec && entry != end; entry.increment(ec))
    if (isNumberedFrameName(entry->path().filename().string()))
      if (const auto identity = identityOf(entry->path().string())) targets.emplace(*identity, entry->path().string());
  return targets;
}

}  // namespace

bool sameFile(const std::string& a, const std::string& b) {
  std::error_code ec;
  if (fs::equivalent(a, b, ec)) return true;  // the same inode: one path, another spelling, a hard link
  // Files that do not exist yet: the same path once resolved ("b.png" and "./b.png", a link to it).
  return resolvedPath(a) == resolvedPath(b);
}

bool writesToStdout(const OutputFile& output) { return output.stdoutAllowed && output.path == "-"; }

void checkOutputs(const std::vector<OutputFile>& outputs, const std::vector<std::string>& inputs) {
  // Each input's identity once (a sequence may have thousands of frames); one that does not exist
  // is no file an output could destroy.
  std::vector<std::pair<const std::string*, FileIdentity>> existingInputs;
  existingInputs.reserve(inputs.size());
  for (const std::string& input : inputs)
    if (const auto identity = identityOf(input)) existingInputs.emplace_back(&input, *identity);
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const OutputFile& output = outputs[i];
    checkOne(output);
    const bool toStdout = writesToStdout(output);
    const auto targets = toStdout ? std::map<FileIdentity, std::string>{} : existingTargets(output);
    for (const auto& [input, identity] : existingInputs) {
      const auto target = targets.find(identity);
      if (target == targets.end()) continue;
      if (output.isFolder)
        throw OutputError(OutputError::Kind::Usage,
                          label(output) + ": its numbered frames would overwrite " + quotedText(target->second, 120) +
                              (target->second == *input ? std::string() : ", which is " + quotedText(*input, 120)) +
                              ", an input of this run: choose another folder");
      throw OutputError(OutputError::Kind::Usage, label(output) + ": is an input of this run (" +
                                                      quotedText(*input, 120) +
                                                      "); writing it would destroy the input: choose another name");
    }
    for (std::size_t j = 0; j < i; ++j) {
      const OutputFile& other = outputs[j];
      const bool clash = toStdout || writesToStdout(other) ? toStdout && writesToStdout(other)
                         : other.isFolder                  ? isNumberedFrameIn(output.path, other.path)
                         : output.isFolder                 ? isNumberedFrameIn(other.path, output.path)
                                                           : sameFile(output.path, other.path);
      if (clash)
        throw OutputError(OutputError::Kind::Usage, other.option + " and " + output.option + " both write " +
                                                        quotedText(output.path, 120) + ": give each its own file");
    }
  }
}

int writeAllBytes(int fd, const QByteArray& bytes) {
  const char* data = bytes.constData();
  for (qsizetype left = bytes.size(); left > 0;) {
    const ssize_t written = ::write(fd, data, static_cast<std::size_t>(left));
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return written < 0 ? errno : ENOSPC;
    data += written;
    left -= written;
  }
  return 0;
}

void writeOutput(const OutputFile& output, const QByteArray& bytes) {
  auto failed = [&](const QString& qtWhy) {
    // Qt passes strerror's text on; a full disk gets kernelcam's words for it.
    std::string why = qtWhy.toStdString();
    for (const int error : {ENOSPC, EDQUOT})
      if (why == std::strerror(error)) why = pathErrorReason(error);
    throw OutputError(OutputError::Kind::WriteFailed, label(output) + ": cannot write (" + why + ")");
  };
  if (writesToStdout(output)) {
    if (std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stdout) !=
            static_cast<std::size_t>(bytes.size()) ||
        std::fflush(stdout) != 0)
      failed(QString::fromStdString(pathErrorReason(errno)));
    return;
  }
  const QString path = QString::fromStdString(output.path);
  struct stat status {};
  if (::stat(output.path.c_str(), &status) == 0 && !S_ISREG(status.st_mode) && !S_ISDIR(status.st_mode)) {
    // A device or a pipe cannot be replaced by a renamed file (and must not be: /dev/null).
    QFile device(path);
    if (!device.open(QIODevice::WriteOnly | QIODevice::Unbuffered)) failed(device.errorString());
    if (const int error = writeAllBytes(device.handle(), bytes); error != 0)
      failed(QString::fromStdString(pathErrorReason(error)));
    return;
  }
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered)) failed(file.errorString());
  // The bytes go through the file's descriptor so a failure keeps its errno: Qt reports a full
  // disk as "Unknown error". The QSaveFile still names, renames and (on failure) removes the file.
  if (const int error = writeAllBytes(file.handle(), bytes); error != 0) {
    file.cancelWriting();
    failed(QString::fromStdString(pathErrorReason(error)));
  }
  if (!file.commit()) failed(file.errorString());
}

}  // namespace kc::io
