// kernelcam's optimised 3x3 mean: a block of 32x8 threads copies its pixels and a 1-pixel halo,
// (8 + 2) x (32 + 2) pixels, clamped at the image's edges, into shared memory once; each thread then
// takes its 9 pixels from there. The weights sit in constant memory, where a warp's threads all
// reading the same one is a single broadcast.
//
// @exercise mean-filter
// @output rgba
// @block 32x8

__constant__ int kWeights[3][3] = {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}};

__global__ void meanOptimised(KcInput in, KcOutput out, KcParams params) {
  __shared__ uchar4 tile[8 + 2][32 + 2];
  const int left = blockIdx.x * 32 - 1, top = blockIdx.y * 8 - 1;  // the tile's pixel (0, 0): the halo's corner
  for (int i = threadIdx.y * 32 + threadIdx.x; i < (8 + 2) * (32 + 2); i += 32 * 8) {
    const int tx = i % (32 + 2), ty = i / (32 + 2);
    tile[ty][tx] = in.rgba(min(max(left + tx, 0), in.width - 1), min(max(top + ty, 0), in.height - 1));
  }
  __syncthreads();  // every thread helped copy: only now may the ones outside the image leave
  const int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 8 + threadIdx.y;
  if (x >= out.width || y >= out.height) return;
  int r = 0, g = 0, b = 0;
  for (int dy = 0; dy < 3; ++dy)
    for (int dx = 0; dx < 3; ++dx) {
      const uchar4 p = tile[threadIdx.y + dy][threadIdx.x + dx];
      const int w = kWeights[dy][dx];
      r += w * p.x;
      g += w * p.y;
      b += w * p.z;
    }
  out.setRgba(x, y, make_uchar4((r + 4) / 9, (g + 4) / 9, (b + 4) / 9, tile[threadIdx.y + 1][threadIdx.x + 1].w));
}
