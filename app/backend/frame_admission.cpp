#include "app/backend/frame_admission.hpp"

#include "app/backend/pipeline_factory.hpp"
#include "app/diagnostics/memory_usage.hpp"

namespace kc {

void requireMachineMemory(const std::string& what, const MemoryNeed& need, Backend backend) {
  if (backend != Backend::Cuda) return requireMemory(what, need);
  requireMemory(what, need, deviceMemoryFreeBytes(), cudaDeviceName());
}

MemoryNeed frameMemoryNeed(int width, int height, Backend backend) {
  constexpr double kFramesHeld = 5;
  const double frameBytes = 4.0 * width * height;
  return {kFramesHeld * frameBytes, backend == Backend::Cuda ? kFramesHeld * frameBytes : 0};
}

void admitFrames(int width, int height, Backend backend, const MemoryCheck& check) {
  check(std::to_string(width) + "x" + std::to_string(height) + " frames on the " + toString(backend) + " backend",
        frameMemoryNeed(width, height, backend), backend);
}

}  // namespace kc
