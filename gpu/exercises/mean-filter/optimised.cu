// kernelcam's optimised 3x3 mean: a block of 32x8 threads copies its pixels and a 1-pixel halo,
// (8 + 2) x (32 + 2) pixels clamped at the image's edges, into shared memory once, each as one uchar4;
// each thread then sums its 9 pixels from there. The weights sit in constant memory, where a warp's
// threads all reading the same one is a single broadcast.
//
// @exercise mean-filter
// @output rgba
// @block 32x8

__constant__ int kWeights[3][3] = {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}};

__device__ uchar4 clampedPixel(const KcInput& in, int x, int y) {
  x = min(max(x, 0), in.width - 1);
  y = min(max(y, 0), in.height - 1);
  return in.channels == 4 ? reinterpret_cast<const uchar4*>(in.row(y))[x] : in.rgba(x, y);
}

__global__ void meanOptimised(KcInput in, KcOutput out, KcParams params) {
  __shared__ uchar4 tile[8 + 2][32 + 2];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int left = blockIdx.x * 32, top = blockIdx.y * 8;
  const int x = left + tx, y = top + ty;
  tile[ty + 1][tx + 1] = clampedPixel(in, x, y);
  if (ty < 2) tile[ty == 0 ? 0 : 8 + 1][tx + 1] = clampedPixel(in, x, ty == 0 ? top - 1 : top + 8);
  if (tx < 2) {
    const int column = tx == 0 ? 0 : 33, cx = tx == 0 ? left - 1 : left + 32;
    tile[ty + 1][column] = clampedPixel(in, cx, y);
    if (ty < 2) tile[ty == 0 ? 0 : 8 + 1][column] = clampedPixel(in, cx, ty == 0 ? top - 1 : top + 8);
  }
  __syncthreads();
  if (x >= out.width || y >= out.height) return;
  int r = 0, g = 0, b = 0;
#pragma unroll
  for (int dy = 0; dy < 3; ++dy)
#pragma unroll
    for (int dx = 0; dx < 3; ++dx) {
      const uchar4 p = tile[ty + dy][tx + dx];
      const int w = kWeights[dy][dx];
      r += w * p.x;
      g += w * p.y;
      b += w * p.z;
    }
  out.setRgba(x, y, make_uchar4((r + 4) / 9, (g + 4) / 9, (b + 4) / 9, tile[ty + 1][tx + 1].w));
}
