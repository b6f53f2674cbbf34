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

std::string findLabExecutable(const char* name, const char* variable, const std::string& builtAt) {
  if (const char* chosen = std::getenv(variable); chosen && *chosen) {
    if (isExecutableFile(chosen)) return chosen;
    throw Error({}, 0, {}, std::string(variable) + "=" + chosen + " is not an executable file");
  }
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  const std::filesystem::path beside = error ? std::filesystem::path() : self.parent_path() / name;
  if (isExecutableFile(beside)) return beside.string();
  if (isExecutableFile(builtAt)) return builtAt;
  const std::string role = std::string(name) == kLabCompilerName ? "compiler" : "worker";
  // What a user is told as it stands: no source file or call in it (an Error with no file or call: error.cpp).
  throw Error({}, 0, {},
              "the kernel lab's " + role + " " + name + " is missing: not beside " +
                  (error ? std::string("this program") : self.string()) +
                  (builtAt.empty() ? std::string() : ", nor at " + builtAt) + " (" + variable + " may name it)");
}

}  // namespace kc::lab
