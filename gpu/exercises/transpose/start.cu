// Transpose: out (cols x rows) is in (rows x cols) turned over its diagonal: out[c][r] = in[r][c].
// The task and the goals: kernelcam exercise show transpose
//
// @exercise transpose
// @block 32x8
// @grid ceil_div(cols, 32), ceil_div(rows, 8)

__global__ void transpose(const float* in, float* out, int rows, int cols) {
  // TODO 1: this thread's element of in: its column c from the x indices (blockIdx.x, blockDim.x,
  //         threadIdx.x), its row r from the y ones.

  // TODO 2: threads outside the matrix (the grid is rounded up to whole blocks) do nothing.

  // TODO 3: copy in[r * cols + c] to its place in out, whose rows are `rows` floats long.

  // TODO 4 (level 2 and 3): go through a __shared__ tile so that both the reads and the writes are
  //         coalesced (the statement and the hints say how).
}
