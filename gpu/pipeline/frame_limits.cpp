#include "gpu/pipeline/frame_limits.hpp"

namespace kc {

std::string frameSizeProblem(long long width, long long height) {
  const std::string max = std::to_string(kMaxFrameSide);
  return std::to_string(width) + "x" + std::to_string(height) + " is outside the supported frame size (1x1 .. " + max +
         "x" + max + ")";
}

}  // namespace kc
