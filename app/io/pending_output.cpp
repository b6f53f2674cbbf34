#include "app/io/pending_output.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>

#include "gpu/core/message_text.hpp"

namespace kc::io {

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

PendingOutput::PendingOutput(OutputFile output) : output_(std::move(output)) {
  checkOutputs({output_}, {});
  struct stat status {};
  direct_ = ::stat(output_.path.c_str(), &status) == 0 && !S_ISREG(status.st_mode);
  writePath_ = direct_ ? output_.path : temporaryBeside(output_.path);
}

PendingOutput::~PendingOutput() {
  if (committed_ || direct_) return;
  std::error_code ec;
  fs::remove(writePath_, ec);
}

void PendingOutput::commit() {
  if (direct_) {
    committed_ = true;
    return;
  }
  auto failed = [&](const std::string& why) {
    std::error_code ignored;
    fs::remove(writePath_, ignored);
    return OutputError(OutputError::Kind::WriteFailed,
                       output_.option + " " + quotedText(output_.path, 120) + ": cannot write (" + why + ")");
  };
  std::error_code ec;
  const auto size = fs::file_size(writePath_, ec);
  if (ec || size == 0) throw failed("nothing was written: disk full?");
  fs::rename(writePath_, output_.path, ec);
  if (ec) throw failed(ec.message());
  committed_ = true;
}

}  // namespace kc::io
