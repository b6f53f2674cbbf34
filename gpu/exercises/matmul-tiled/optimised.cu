// kernelcam's tiled matrix multiplication: the block walks along k in steps of 16, copying a 16x16
// square of a and one of b into shared memory (one element per thread, coalesced), then each thread
// adds 16 products from there. Each element copied is read by 16 threads. Outside the matrices the
// squares hold zeros, so the sizes need not be multiples of 16.
//
// @exercise matmul-tiled
// @block 16x16
// @grid ceil_div(n, 16), ceil_div(m, 16)

__global__ void matmulTiled(const float* a, const float* b, float* c, int m, int n, int k) {
  __shared__ float as[16][16];
  __shared__ float bs[16][16];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int col = blockIdx.x * 16 + tx, row = blockIdx.y * 16 + ty;
  float sum = 0.0f;
  for (int l0 = 0; l0 < k; l0 += 16) {
    as[ty][tx] = row < m && l0 + tx < k ? a[row * k + l0 + tx] : 0.0f;
    bs[ty][tx] = l0 + ty < k && col < n ? b[(l0 + ty) * n + col] : 0.0f;
    __syncthreads();
    for (int l = 0; l < 16; ++l) sum += as[ty][l] * bs[l][tx];
    __syncthreads();
  }
  if (row < m && col < n) c[row * n + col] = sum;
}
