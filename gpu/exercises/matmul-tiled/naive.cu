// kernelcam's naive matrix multiplication: one thread per element of c, reading its row of a and its
// column of b straight from memory. A block's 256 threads read the same 16 rows of a and 16 columns
// of b again and again: only the L1 cache saves part of it.
//
// @exercise matmul-tiled
// @block 16x16
// @grid ceil_div(n, 16), ceil_div(m, 16)

__global__ void matmulNaive(const float* a, const float* b, float* c, int m, int n, int k) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= m || col >= n) return;
  float sum = 0.0f;
  for (int l = 0; l < k; ++l) sum += a[row * k + l] * b[l * n + col];
  c[row * n + col] = sum;
}
