// Grayscale, exactly as kernelcam's built-in stage gray=lab computes it (gpu/image/grayscale.cu):
// the A/B view shows the two identical, bit for bit.
//
// Each output pixel is a weighted sum of the input's R, G and B. The weights are the lab
// report's 0.21, 0.71 and 0.07, kept as Q15 fixed point (1.0 = 32768) so the GPU and the CPU
// round the same way: gray = (wr*R + wg*G + wb*B + 16384) >> 15, round half up.
//
// Things to try: BT.709's weights (6966, 23436, 2366); float weights and rintf (how far off is it?
// the A/B view's max |A-B| says); four pixels per thread, as the built-in does, with one 16-byte
// load: is it faster here?
//
// @output gray
// @block 16x16

__global__ void grayscale(KcInput in, KcOutput out, KcParams params) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= out.width || y >= out.height) return;  // the grid is rounded up to whole blocks

  if (in.channels == 1) {  // already grey: the built-in stage leaves it as it is
    out.setGray(x, y, in.row(y)[x]);
    return;
  }
  const uchar4 p = in.rgba(x, y);
  const unsigned wr = 6881u, wg = 23265u, wb = 2294u;  // 0.21, 0.71, 0.07 in Q15
  out.setGray(x, y, (unsigned char)((wr * p.x + wg * p.y + wb * p.z + 16384u) >> 15));
}
