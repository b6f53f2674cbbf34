// kernelcam's optimised 3x3 mean: one thread per pixel reading its 9 neighbours as whole 4-byte
// pixels (9 loads, not the naive version's 27 byte loads), the sums of all four channels in two
// registers: p & 0x00ff00ff holds R and B in 16-bit halves, (p >> 8) & 0x00ff00ff G and A, and 9 x 255
// fits in 16 bits. No shared tile: on the H200 the L1 keeps the 3x3 neighbourhood, and a tile's copy,
// halo and __syncthreads cost more than they save for a 3x3 (measured: docs/PERFORMANCE.md).
//
// @exercise mean-filter
// @output rgba
// @block 32x8

__device__ unsigned int pixelWord(const KcInput& in, int x, int y) {
  x = min(max(x, 0), in.width - 1);
  y = min(max(y, 0), in.height - 1);
  if (in.channels == 4) return reinterpret_cast<const unsigned int*>(in.row(y))[x];
  const unsigned int v = in.row(y)[x];
  return v * 0x010101u | 0xff000000u;
}

__global__ void meanOptimised(KcInput in, KcOutput out, KcParams params) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= out.width || y >= out.height) return;
  unsigned int rb = 0, ga = 0, centre = 0;
#pragma unroll
  for (int dy = -1; dy <= 1; ++dy)
#pragma unroll
    for (int dx = -1; dx <= 1; ++dx) {
      const unsigned int p = pixelWord(in, x + dx, y + dy);
      rb += p & 0x00ff00ffu;
      ga += (p >> 8) & 0x00ff00ffu;
      if (dx == 0 && dy == 0) centre = p;
    }
  out.setRgba(x, y, make_uchar4(((rb & 0xffffu) + 4) / 9, ((ga & 0xffffu) + 4) / 9, ((rb >> 16) + 4) / 9, centre >> 24));
}
