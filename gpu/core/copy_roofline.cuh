#pragma once
// The measured memory roofline of the current device: GB/s of a device-to-device copy, counting
// bytes read + written, as the bench's "D2D copy" row. The overlay's % bars divide by it, so they
// say how close a kernel is to what this card really moves (a datasheet peak is ~10% above it).
namespace kc {

// Median of 5 timed 256 MiB copies after one warm-up, measured once per device and cached
// (~2 ms). Falls back to the datasheet figure when the two buffers cannot be allocated.
double measuredCopyRooflineGBs();

}  // namespace kc
