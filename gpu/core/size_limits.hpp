#pragma once
// The largest inputs kernelcam accepts, named once: the CLI's option ranges, the demo panel's
// spin boxes and the runners' own checks all read these.
#include <cstddef>

namespace kc {

// Matmul demo: M, N and K each (A, B and C of 32768^2 floats are 4 GiB apiece).
inline constexpr int kMaxMatmulSide = 32768;

// Reduce demo: elements of the array (4 GiB of int32 or float).
inline constexpr std::size_t kMaxReduceElements = std::size_t(1) << 30;

// Reduce demo, mat3min: 3x3 int32 matrices (nine planes of this many: 2.25 GiB).
inline constexpr std::size_t kMaxMat3MinMatrices = std::size_t(1) << 26;

// Frames: 1..kMaxFrameSide pixels per side. 16384 is the largest texture side GL guarantees on the
// GPUs we target and keeps every byte offset of an RGBA frame (16384 * 4 * 16384 = 2^30) inside the
// 32-bit ints the kernels index with. See gpu/pipeline/frame_limits.hpp for the rule that applies it.
inline constexpr int kMaxFrameSide = 16384;

// The frame side limit (16384) is kMaxFrameSide in gpu/pipeline/frame_limits.hpp.

}  // namespace kc
