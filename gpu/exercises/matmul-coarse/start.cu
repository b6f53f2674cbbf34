// Matrix multiplication, several outputs per thread: c = a * b (a m x k, b k x n, c m x n, row-major).
// The task and the goals: kernelcam exercise show matmul-coarse
//
// @exercise matmul-coarse
// @block 16x16
// @grid ceil_div(n, 64), ceil_div(m, 64)

__global__ void matmul(const float* a, const float* b, float* c, int m, int n, int k) {
  __shared__ float as[64][16];  // the block's 64 rows of a, 16 columns at a time
  __shared__ float bs[16][64];  // 16 rows of b, the block's 64 columns
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * 64, col0 = blockIdx.x * 64;  // the block's 64x64 square of c
  float acc[4][4] = {};  // this thread's 16 outputs: rows row0 + ty + 16 * i, columns col0 + tx + 16 * j

  // TODO 1: for l0 = 0, 16, 32... < k: the block's 256 threads copy the 64x16 floats of a and the
  //         16x64 of b the step needs into as and bs (4 of each per thread), 0.0f outside the
  //         matrices; then __syncthreads().

  // TODO 2: for each l of the 16, read the thread's 4 values of a (as[ty + 16 * i][l]) and 4 of b
  //         (bs[l][tx + 16 * j]) into registers, and add their 16 products to acc. __syncthreads()
  //         before the next copy.

  // TODO 3: write the outputs that are inside c.
}
