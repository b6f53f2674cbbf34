#pragma once
// Pieces the convolution kernels share (convolution.cu, convolution_rows_gray.cu): the filter as a
// kernel parameter, byte <-> float conversions, and border-resolved 4-byte gray reads.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "gpu/image/convolution.hpp"

namespace kc::conv_detail {

constexpr int kColumnTapsOffset = 32;  // separable: row taps at 0.., column taps at 32..
// 961 floats (3844 bytes): within the 4 KB of kernel parameters every architecture accepts. Passed
// as a __grid_constant__ parameter, it lives in the constant bank: a warp reading one tap gets it
// broadcast from the constant cache, as from a __constant__ array.
struct FilterTaps {
  float w[kMaxKernelSize * kMaxKernelSize];
};

// ---- byte <-> float without the conversion unit ----
// I2F and F2I issue at a quarter of the FMA rate and every pixel needs one in and one out. Both
// directions through the float format instead: 2^23 + b has b in its low mantissa bits, and adding
// 1.5 * 2^23 to a value in [0, 255] rounds it to an integer (to nearest, ties to even: rintf's rule)
// in the low bits. Exact for every byte and every float in range (checked exhaustively on the CPU).
__device__ __forceinline__ float byteToFloat(std::uint32_t word, int byteIndex) {
  // PRMT: byte `byteIndex` of word in the low byte, 0x4B above it -> the float 2^23 + byte.
  return __uint_as_float(__byte_perm(word, 0x4B000000u, 0x7540u | byteIndex)) - 8388608.f;
}
__device__ __forceinline__ std::uint32_t floatToByteBits(float v) {
  v = fminf(fmaxf(v, 0.f), 255.f);  // as saturateToByte: fmaxf(NaN, 0) = 0
  return __float_as_uint(v + 12582912.f) & 0xffu;
}
__device__ __forceinline__ std::uint8_t floatToByte(float v) { return static_cast<std::uint8_t>(floatToByteBits(v)); }
// floatToByteBits without the mask: the byte in the low 8 bits, the float's exponent above it. For
// packByteBits, which takes only the low bytes: one instruction fewer per pixel.
__device__ __forceinline__ std::uint32_t floatToLowByte(float v) {
  return __float_as_uint(fminf(fmaxf(v, 0.f), 255.f) + 12582912.f);
}
// The same byte by the conversion unit: one cvt.rni.sat (round to nearest even, clamp to [0, 255], NaN to
// 0: saturateToByte's result for every float) where the above issues three instructions. It runs at a
// fraction of the FMA rate, so it wins only where issue, not that unit, is the bound: the bench's shape
// sweep says where.
__device__ __forceinline__ std::uint32_t floatToByteByConversion(float v) {
  std::uint32_t b;
  asm("cvt.rni.sat.u8.f32 %0, %1;" : "=r"(b) : "f"(v));
  return b;
}
// Four pixels' low bytes into one word (pixel a in the lowest byte): three PRMTs, where masks, shifts
// and ORs take two instructions per pixel.
__device__ __forceinline__ std::uint32_t packByteBits(std::uint32_t a, std::uint32_t b, std::uint32_t c,
                                                      std::uint32_t d) {
  return __byte_perm(__byte_perm(a, b, 0x0040u), __byte_perm(c, d, 0x0040u), 0x5410u);
}

// The register kernels load and store rows as 4-byte (or 8-byte) words: every row must start on that
// boundary (any cudaMallocPitch or GL buffer does).
template <class View>
bool rowsAligned(View view, std::size_t bytes) {
  return reinterpret_cast<std::uintptr_t>(view.data) % bytes == 0 && view.pitch % bytes == 0;
}

__device__ __forceinline__ int floorToMultipleOf4(int v) { return v >= 0 ? v & ~3 : -((-v + 3) & ~3); }

// Four consecutive gray pixels from image column x on (row + x 4-byte aligned): one load inside the
// row, byte by byte through the border rule where the word sticks out of it. `row` is null for a
// Zero-border row.
__device__ __forceinline__ std::uint32_t fetchGrayWord(const std::uint8_t* row, int x, int width, BorderMode border) {
  if (row == nullptr) return 0u;
  if (x >= 0 && x + 4 <= width) return *reinterpret_cast<const std::uint32_t*>(row + x);
  std::uint32_t word = 0u;
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const int gx = borderIndex(x + i, width, border);
    if (gx >= 0) word |= static_cast<std::uint32_t>(row[gx]) << (8 * i);
  }
  return word;
}

}  // namespace kc::conv_detail
