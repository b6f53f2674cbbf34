// kernelcam's optimised grayscale: a warp is 32 neighbouring pixels of one row, so its reads are
// 128 bytes in one piece and its writes 32 bytes in one sector (a 32-wide block).
//
// @exercise grayscale
// @output gray
// @block 32x8

__global__ void grayscaleOptimised(KcInput in, KcOutput out, KcParams params) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= out.width || y >= out.height) return;
  if (in.channels == 1) {
    out.setGray(x, y, in.row(y)[x]);
    return;
  }
  const uchar4 p = in.rgba(x, y);
  out.setGray(x, y, (unsigned char)((6881u * p.x + 23265u * p.y + 2294u * p.z + 16384u) >> 15));
}
