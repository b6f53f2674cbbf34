#include "app/record/pending_file.hpp"

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <stdexcept>

#include "app/sources/frame_source.hpp"

namespace kc {

namespace fs = std::filesystem;

namespace {

std::string temporaryBeside(const fs::path& target) {
  // Unique per process and object, hidden, and ending in the target's extension.
  static std::atomic<unsigned> counter{0};
  const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string name(".");  // appended piece by piece: GCC 12 warns (-Wrestrict) on "." + std::string
  name += target.stem().string();
  name += ".partial-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
  name += target.extension().string();
  return (folder / name).string();
}

}  // namespace

PendingFile::PendingFile(std::string option, std::string path) : option_(std::move(option)), path_(std::move(path)) {
  const fs::path target(path_);
  const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::error_code ec;
  auto failure = [&](const std::string& why) { return SourceError(option_ + " " + path_ + ": cannot write (" + why + ")"); };
  if (!fs::exists(folder, ec)) throw failure("no folder " + folder.string());
  if (!fs::is_directory(folder, ec)) throw failure(folder.string() + " is not a folder");
  if (fs::is_directory(target, ec)) throw failure("it is a folder");
  if (::access(folder.c_str(), W_OK) != 0) throw failure("no permission to write in " + folder.string());
  temporary_ = temporaryBeside(target);
}

PendingFile::~PendingFile() {
  if (committed_) return;
  std::error_code ec;
  fs::remove(temporary_, ec);
}

void PendingFile::commit() {
  std::error_code ec;
  const auto size = fs::file_size(temporary_, ec);
  if (ec || size == 0) {
    fs::remove(temporary_, ec);
    throw std::runtime_error(option_ + " " + path_ + ": cannot write (nothing was written: disk full?)");
  }
  fs::rename(temporary_, path_, ec);
  if (ec) {
    const std::string why = ec.message();
    fs::remove(temporary_, ec);
    throw std::runtime_error(option_ + " " + path_ + ": cannot write (" + why + ")");
  }
  committed_ = true;
}

}  // namespace kc
