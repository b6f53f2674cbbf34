#include "app/backend/frame_admission.hpp"

#include "app/backend/pipeline_factory.hpp"
#include "app/diagnostics/memory_usage.hpp"

namespace kc {

void requireMachineMemory(const std::string& what, const MemoryNeed& need, bool cuda) {
  if (!cuda) return requireMemory(what, need);
  requireMemory(what, need, deviceMemoryFreeBytes(), cudaDeviceName());
}

MemoryNeed frameMemoryNeed(int width, int height, bool cuda) {
  constexpr double kFramesHeld = 5;
  const double frameBytes = 4.0 * width * height;
  return {kFramesHeld * frameBytes, cuda ? kFramesHeld * frameBytes : 0};
}

void admitFrames(int width, int height, const std::string& backendName, const MemoryCheck& check) {
  const bool cuda = backendName == "CUDA";
  check(std::to_string(width) + "x" + std::to_string(height) + " frames through the " + backendName + " pipeline",
        frameMemoryNeed(width, height, cuda), cuda);
}

}  // namespace kc
