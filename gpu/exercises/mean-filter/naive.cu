// kernelcam's naive 3x3 mean: one thread per pixel, reading the image as bytes: for each of R, G and
// B the 9 neighbours' bytes from global memory, each with its own clamping and address arithmetic:
// 27 one-byte reads a pixel, every byte read by 9 threads.
//
// @exercise mean-filter
// @output rgba
// @block 16x16

__global__ void meanNaive(KcInput in, KcOutput out, KcParams params) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= out.width || y >= out.height) return;
  int sum[3] = {0, 0, 0};
  for (int c = 0; c < 3; ++c)
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const int xx = min(max(x + dx, 0), in.width - 1), yy = min(max(y + dy, 0), in.height - 1);
        sum[c] += in.channels == 4 ? in.row(yy)[4 * xx + c] : in.row(yy)[xx];
      }
  out.setRgba(x, y, make_uchar4((sum[0] + 4) / 9, (sum[1] + 4) / 9, (sum[2] + 4) / 9, in.rgba(x, y).w));
}
