#include "gpu/core/cpu_name.hpp"

#include <fstream>
#include <thread>

namespace kc {

std::string cpuModelName() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos && colon + 2 <= line.size()) return line.substr(colon + 2);
    }
  }
  return "CPU (" + std::to_string(std::thread::hardware_concurrency()) + " threads)";
}

}  // namespace kc
