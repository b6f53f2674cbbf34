// kernelcam's naive dot product: one thread per element, one atomicAdd on *result each: 16 million
// atomics on the same float, served one after the other in L2.
//
// @exercise dot
// @block 256
// @grid (n + 255) / 256

__global__ void dotNaive(const float* x, const float* y, int n, float* result) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(result, x[i] * y[i]);
}
