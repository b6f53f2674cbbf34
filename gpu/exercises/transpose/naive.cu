// kernelcam's naive transpose: one thread per element. A warp's 32 threads read 32 neighbouring
// floats of a row of in (coalesced), but write them down a column of out, `rows` floats apart:
// 32 sectors of 32 bytes for 128 bytes of data.
//
// @exercise transpose
// @block 32x8
// @grid ceil_div(cols, 32), ceil_div(rows, 8)

__global__ void transposeNaive(const float* in, float* out, int rows, int cols) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  const int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < rows && c < cols) out[c * rows + r] = in[r * cols + c];
}
