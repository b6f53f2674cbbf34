// kernelcam's naive minimum: one thread per matrix, 9 atomicMin each. Millions of atomics land on the
// same 9 ints and queue up in L2; the reads, 9 ints 36 bytes apart per thread, are not coalesced
// either.
//
// @exercise min-3x3
// @block 256
// @grid (count + 255) / 256

__global__ void minNaive(const int* matrices, int count, int* result) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
  for (int p = 0; p < 9; ++p) atomicMin(&result[p], matrices[i * 9 + p]);
}
