// A 5x5 Gaussian blur with a tile in shared memory, the technique of kernelcam's built-in stage
// conv=gauss:5:clamp (gpu/image/convolution.cu).
//
// Every output pixel reads 25 input pixels, and its neighbours read almost the same ones. So each
// 16x16 block first copies its tile of the input, plus a 2-pixel halo on every side (20x20
// pixels), into shared memory once, waits for the whole block (__syncthreads), and then every
// thread reads its 25 pixels from there. The weights live in __constant__ memory: every thread of
// a warp reads the same weight at the same time, and the constant cache broadcasts it.
//
// The sum runs column by column with fused multiply-adds and rounds half to even, as the CPU
// reference does; the built-in's GPU kernel sums in another order, so the A/B view may show a
// difference of one level here and there.
//
// Things to try: drop the tile and read in.rgba() directly (how much slower?); a 7x7 kernel
// (RADIUS 3 and 49 weights); the border rule (here: clamp, the edge pixel repeated).
//
// @output same
// @block 16x16

#define RADIUS 2
#define SIDE (2 * RADIUS + 1)
#define TILE 16
#define HALO_TILE (TILE + 2 * RADIUS)

// The Gaussian of kernelcam's conv=gauss:5 (sigma 1.1), row by row.
__constant__ float kWeights[SIDE * SIDE] = {
    0.00500787934f, 0.0172995757f, 0.0261514615f, 0.0172995757f, 0.00500787934f,
    0.0172995757f,  0.0597608872f, 0.0903394744f, 0.0597608872f, 0.0172995757f,
    0.0261514615f,  0.0903394744f, 0.136564583f,  0.0903394744f, 0.0261514615f,
    0.0172995757f,  0.0597608872f, 0.0903394744f, 0.0597608872f, 0.0172995757f,
    0.00500787934f, 0.0172995757f, 0.0261514615f, 0.0172995757f, 0.00500787934f,
};

unsigned char toByte(float v) { return (unsigned char)rintf(fminf(fmaxf(v, 0.0f), 255.0f)); }

__global__ void gaussianBlur(KcInput in, KcOutput out, KcParams params) {
  __shared__ uchar4 tile[HALO_TILE][HALO_TILE];
  const int x0 = blockIdx.x * TILE - RADIUS;  // the tile's top-left input pixel, halo included
  const int y0 = blockIdx.y * TILE - RADIUS;
  // 256 threads load 400 pixels: each takes every 256th, clamped to the frame's edge.
  for (int i = threadIdx.y * TILE + threadIdx.x; i < HALO_TILE * HALO_TILE; i += TILE * TILE) {
    const int tx = i % HALO_TILE, ty = i / HALO_TILE;
    const int gx = min(max(x0 + tx, 0), in.width - 1);
    const int gy = min(max(y0 + ty, 0), in.height - 1);
    tile[ty][tx] = in.rgba(gx, gy);
  }
  __syncthreads();  // every thread's loads are in before anyone reads its neighbours'

  const int x = blockIdx.x * TILE + threadIdx.x;
  const int y = blockIdx.y * TILE + threadIdx.y;
  if (x >= out.width || y >= out.height) return;  // after the barrier: every thread helped load
  float r = 0, g = 0, b = 0;
  for (int kx = 0; kx < SIDE; ++kx)
    for (int ky = 0; ky < SIDE; ++ky) {
      const float w = kWeights[ky * SIDE + kx];
      const uchar4 p = tile[threadIdx.y + ky][threadIdx.x + kx];
      r = fmaf(w, p.x, r);
      g = fmaf(w, p.y, g);
      b = fmaf(w, p.z, b);
    }
  const uchar4 centre = tile[threadIdx.y + RADIUS][threadIdx.x + RADIUS];
  out.setRgba(x, y, make_uchar4(toByte(r), toByte(g), toByte(b), centre.w));  // alpha passes through
}
