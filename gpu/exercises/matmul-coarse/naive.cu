// kernelcam's naive version here is the previous exercise's optimised one (matmul-tiled): one
// output per thread, 16x16 squares of a and b in shared memory. Each multiply-add takes two shared
// reads, as[ty][l] and bs[l][tx]: shared memory's bandwidth, not arithmetic, sets its pace.
//
// @exercise matmul-coarse
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
