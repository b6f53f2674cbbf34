// kernelcam's naive argmax: one thread per element, one atomicMax of its key on *best each: 16
// million atomics on the same 8 bytes, served one after the other in L2.
//
// @exercise argmax
// @block 256
// @grid (n + 255) / 256

__global__ void argmaxNaive(const int* values, int n, unsigned long long* best) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicMax(best, ((unsigned long long)((unsigned)values[i] ^ 0x80000000u) << 32) | (0xffffffffu - (unsigned)i));
}
