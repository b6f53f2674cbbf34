#include "app/cli/device_limits_cache.hpp"

#include <QStandardPaths>
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

#include "app/io/output_file.hpp"

namespace kc {
namespace {

std::string fileText(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return in ? text.str() : std::string();
}

std::string environmentValue(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "(unset)";
}

// The fingerprint is kept on one line: newlines become " | ".
std::string oneLine(std::string text) {
  std::string line;
  for (char c : text) line += c == '\n' ? std::string(" | ") : std::string(1, c);
  return line;
}

}  // namespace

std::string nvidiaDriverFingerprint(const std::filesystem::path& driverInfo) {
  const std::string version = fileText(driverInfo / "version");
  if (version.empty()) return {};
  std::vector<std::string> gpus;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(driverInfo / "gpus", error))
    gpus.push_back(entry.path().filename().string() + ": " + fileText(entry.path() / "information"));
  if (error || gpus.empty()) return {};
  std::sort(gpus.begin(), gpus.end());
  std::string fingerprint = version.substr(0, version.find('\n'));
  for (const std::string& gpu : gpus) fingerprint += " | " + gpu;
  fingerprint += " | CUDA_VISIBLE_DEVICES=" + environmentValue("CUDA_VISIBLE_DEVICES") +
                 " CUDA_DEVICE_ORDER=" + environmentValue("CUDA_DEVICE_ORDER");
  return oneLine(fingerprint);
}

std::filesystem::path deviceLimitsCacheFile() {
  // $XDG_CACHE_HOME, else ~/.cache: Qt's generic cache folder.
  const QString cache = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
  return std::filesystem::path(cache.toStdString()) / "kernelcam" / "cuda-device-0";
}

std::optional<lab::DeviceLimits> cachedDeviceLimits(const std::filesystem::path& file, const std::string& fingerprint) {
  if (fingerprint.empty()) return std::nullopt;
  std::ifstream in(file);
  std::string keptFingerprint, limits;
  if (!std::getline(in, keptFingerprint) || !std::getline(in, limits) || keptFingerprint != fingerprint)
    return std::nullopt;
  return lab::parseDeviceLimits(limits);
}

bool storeDeviceLimits(const std::filesystem::path& file, const std::string& fingerprint,
                       const lab::DeviceLimits& limits) {
  if (fingerprint.empty()) return false;
  std::error_code error;
  std::filesystem::create_directories(file.parent_path(), error);
  try {
    io::writeOutput({"the device cache", file.string()},
                    QByteArray::fromStdString(fingerprint + "\n" + lab::formatDeviceLimits(limits) + "\n"));
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace kc
