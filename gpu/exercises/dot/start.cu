// Dot product: *result = the sum of x[i] * y[i] for i < n (*result starts at 0).
// The task, the tolerance and the goals: kernelcam exercise show dot
//
// @exercise dot
// @block 256
// @grid (n + 255) / 256

__global__ void dot(const float* x, const float* y, int n, float* result) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;

  // TODO 1: a thread past the end (the grid is rounded up to whole blocks) adds nothing.

  // TODO 2: add x[i] * y[i] to *result. Other threads add at the same time: atomicAdd(result, ...).

  // TODO 3 (level 2 and 3): add up many products per thread, then the warp's and the block's with
  //         shuffles, and make one atomicAdd per block (the statement and the hints say how).
}
