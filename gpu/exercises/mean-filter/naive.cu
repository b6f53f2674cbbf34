// kernelcam's naive 3x3 mean: one thread per pixel, reading its 9 neighbours from global memory with
// in.rgba(), clamping the coordinates for each. Every pixel is read by 9 threads.
//
// @exercise mean-filter
// @output rgba
// @block 16x16

__global__ void meanNaive(KcInput in, KcOutput out, KcParams params) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= out.width || y >= out.height) return;
  int r = 0, g = 0, b = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const uchar4 p = in.rgba(min(max(x + dx, 0), in.width - 1), min(max(y + dy, 0), in.height - 1));
      r += p.x;
      g += p.y;
      b += p.z;
    }
  out.setRgba(x, y, make_uchar4((r + 4) / 9, (g + 4) / 9, (b + 4) / 9, in.rgba(x, y).w));
}
