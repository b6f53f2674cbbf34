// Argmax: the largest of n values and the first index holding it, as one 64-bit key in *best
// (which starts at 0): key(v, i) = ((unsigned long long)((unsigned)v ^ 0x80000000u) << 32)
//                                 | (0xffffffffu - (unsigned)i)
// The task, why this key, and the goals: kernelcam exercise show argmax
//
// @exercise argmax
// @block 256
// @grid (n + 255) / 256

__device__ unsigned long long key(int v, int i) {
  // TODO 1: the key above.
  return 0;
}

__global__ void argmax(const int* values, int n, unsigned long long* best) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;

  // TODO 2: a thread past the end (the grid is rounded up to whole blocks) does nothing.

  // TODO 3: raise *best to this element's key if that is larger. Other threads do so at the same
  //         time: atomicMax(best, ...).

  // TODO 4 (level 2 and 3): reduce the block's keys first (warp shuffles) and make one atomicMax per
  //         block (the statement and the hints say how).
}
