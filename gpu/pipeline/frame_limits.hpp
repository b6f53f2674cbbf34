#pragma once
// The one frame-size rule every source and the CLI apply: 1..kMaxFrameSide pixels per side.
// 16384 is the largest texture side GL guarantees on the GPUs we target and keeps every byte
// offset of an RGBA frame (16384 * 4 * 16384 = 2^30) inside the 32-bit ints the kernels index with.
// A 16384x16384 frame works (1 GiB RGBA: about 2.4 GB resident through the CPU pipeline).
#include <string>

namespace kc {

constexpr int kMaxFrameSide = 16384;

inline bool frameSizeAllowed(long long width, long long height) {
  return width >= 1 && height >= 1 && width <= kMaxFrameSide && height <= kMaxFrameSide;
}

// "WxH is outside the supported frame size (1x1 .. 16384x16384)": the reason, for any caller's message.
std::string frameSizeProblem(long long width, long long height);

}  // namespace kc
