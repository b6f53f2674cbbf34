#include "gpu/demos/reduce/reduce_memory.hpp"

#include "gpu/demos/demo_definition.hpp"

namespace kc::demos {

MemoryNeed reduceDemoMemory(const ReduceDemoConfig& c) {
  // The input (int32 or float; mat3min: 9 planes) on the host, and once on the device with its
  // partial-result scratch (a small fraction of it).
  const double input = 4.0 * static_cast<double>(c.n) * (c.op == ReduceDemoOp::Mat3Min ? 9 : 1);
  MemoryNeed need{input, 0};
  if (c.backend == Backend::Cuda) need.deviceBytes = input * 1.1 + kLibraryWorkspaceBytes;
  return need;
}

}  // namespace kc::demos
