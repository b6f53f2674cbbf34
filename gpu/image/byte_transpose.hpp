#pragma once
// Transposes a 4x4 block of bytes held in four 32-bit words (word i = row i, byte j = column j,
// little-endian): afterwards word j holds column j, its byte i taken from row i.
// On the GPU this is 8 PRMT (__byte_perm) instructions; the host version is the same selection
// written out, so cpu_tests can check the selectors.
#include <cstdint>

#include "gpu/core/host_device.hpp"

namespace kc {

// __byte_perm(x, y, s): result byte k = byte (s >> 4k) & 7 of the 8-byte value y:x.
KC_HD std::uint32_t bytePerm(std::uint32_t x, std::uint32_t y, std::uint32_t selector) {
#if defined(__CUDA_ARCH__)
  return __byte_perm(x, y, selector);
#else
  const std::uint64_t both = (static_cast<std::uint64_t>(y) << 32) | x;
  std::uint32_t result = 0;
  for (int k = 0; k < 4; ++k) {
    const unsigned source = (selector >> (4 * k)) & 7u;
    result |= static_cast<std::uint32_t>((both >> (8 * source)) & 0xffu) << (8 * k);
  }
  return result;
#endif
}

KC_HD void transpose4x4Bytes(std::uint32_t& w0, std::uint32_t& w1, std::uint32_t& w2, std::uint32_t& w3) {
  const std::uint32_t a = bytePerm(w0, w1, 0x5140);  // w0.b0 w1.b0 w0.b1 w1.b1
  const std::uint32_t b = bytePerm(w0, w1, 0x7362);  // w0.b2 w1.b2 w0.b3 w1.b3
  const std::uint32_t c = bytePerm(w2, w3, 0x5140);  // w2.b0 w3.b0 w2.b1 w3.b1
  const std::uint32_t d = bytePerm(w2, w3, 0x7362);  // w2.b2 w3.b2 w2.b3 w3.b3
  w0 = bytePerm(a, c, 0x5410);
  w1 = bytePerm(a, c, 0x7632);
  w2 = bytePerm(b, d, 0x5410);
  w3 = bytePerm(b, d, 0x7632);
}

}  // namespace kc
