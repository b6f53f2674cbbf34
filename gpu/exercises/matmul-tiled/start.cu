// Matrix multiplication: c = a * b, with a m x k, b k x n and c m x n, all row-major.
// The task and the goals: kernelcam exercise show matmul-tiled
//
// @exercise matmul-tiled
// @block 16x16
// @grid ceil_div(n, 16), ceil_div(m, 16)

__global__ void matmul(const float* a, const float* b, float* c, int m, int n, int k) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;  // this thread's element of c
  const int row = blockIdx.y * blockDim.y + threadIdx.y;

  // TODO 1: add up the k products a[row][l] * b[l][col] and write the sum to c[row][col]; threads
  //         outside c (the grid is rounded up to whole blocks) write nothing.

  // TODO 2 (level 2 and 3): go along k in steps of 16, copying a 16x16 square of a and one of b into
  //         __shared__ arrays first, so each element is read from memory once per block (the
  //         statement and the hints say how).
}
