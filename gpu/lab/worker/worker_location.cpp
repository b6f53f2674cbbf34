#include "gpu/lab/worker/worker_location.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "gpu/core/error.hpp"

namespace kc::lab {
namespace {

bool isExecutableFile(const std::filesystem::path& path) {
  std::error_code error;
  return !path.empty() && std::filesystem::is_regular_file(path, error) && ::access(path.c_str(), X_OK) == 0;
}

}  // namespace

std::string findLabWorker(const std::string& builtAt) {
  if (const char* chosen = std::getenv(kLabWorkerVariable); chosen && *chosen) {
    if (isExecutableFile(chosen)) return chosen;
    KC_FAIL("findLabWorker", std::string(kLabWorkerVariable) + "=" + chosen + " is not an executable file");
  }
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  const std::filesystem::path beside = error ? std::filesystem::path() : self.parent_path() / kLabWorkerName;
  if (isExecutableFile(beside)) return beside.string();
  if (isExecutableFile(builtAt)) return builtAt;
  KC_FAIL("findLabWorker", std::string("the kernel lab's worker ") + kLabWorkerName + " is missing: not beside " +
                               (error ? std::string("this program") : self.string()) +
                               (builtAt.empty() ? std::string() : ", nor at " + builtAt) + " (" + kLabWorkerVariable +
                               " may name it)");
}

}  // namespace kc::lab
