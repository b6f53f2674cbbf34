#pragma once
// The one frame-size rule every source and the CLI apply: 1..kMaxFrameSide pixels per side
// (gpu/core/size_limits.hpp says why 16384). A 16384x16384 frame works (1 GiB RGBA: about 2.4 GB
// resident through the CPU pipeline).
#include <string>

#include "gpu/core/size_limits.hpp"

namespace kc {

inline bool frameSizeAllowed(long long width, long long height) {
  return width >= 1 && height >= 1 && width <= kMaxFrameSide && height <= kMaxFrameSide;
}

// "WxH is outside the supported frame size (1x1 .. 16384x16384)": the reason, for any caller's message.
std::string frameSizeProblem(long long width, long long height);

}  // namespace kc
