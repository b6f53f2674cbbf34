// Minimum of 3x3 matrices: result[p] = the smallest matrices[i * 9 + p] over the count matrices, for
// each of the 9 positions p (result starts at INT_MAX, 0x7fffffff).
// The task and the goals: kernelcam exercise show min-3x3
//
// @exercise min-3x3
// @block 256
// @grid (count + 255) / 256

__global__ void min3x3(const int* matrices, int count, int* result) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;  // one matrix per thread, to begin with

  // TODO 1: a thread past the last matrix (the grid is rounded up to whole blocks) does nothing.

  // TODO 2: for each position p = 0..8, lower result[p] to matrices[i * 9 + p] if that is smaller.
  //         Other threads lower the same 9 ints at the same time: atomicMin(&result[p], ...).

  // TODO 3 (level 2 and 3): combine the block's minima first and make 9 atomics per block, not 9 per
  //         matrix (the statement and the hints say how).
}
