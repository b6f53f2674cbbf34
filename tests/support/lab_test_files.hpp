#pragma once
// Kernel files for the lab tests: written to a per-process temp folder, compiled from there
// (includes are found beside the kernel, as for a user's files).
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace kc::test {

inline std::filesystem::path labTempDir() {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("kc_lab_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

inline std::string writeLabFile(const std::string& name, const std::string& text) {
  const std::filesystem::path path = labTempDir() / name;
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

// A kernel with the lab's signature around `body` (x, y in range are given).
inline std::string labKernel(const std::string& annotations, const std::string& body) {
  return annotations +
         "__global__ void k(KcInput in, KcOutput out, KcParams params) {\n"
         "  const int x = blockIdx.x * blockDim.x + threadIdx.x;\n"
         "  const int y = blockIdx.y * blockDim.y + threadIdx.y;\n"
         "  if (x >= out.width || y >= out.height) return;\n" +
         body + "\n}\n";
}

}  // namespace kc::test
