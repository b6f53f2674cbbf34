// kernelcam's naive histogram: one thread per pixel, one atomicAdd on global memory per pixel. On a
// real image many threads count into the same few bins at once, and their atomics queue up in L2.
//
// @exercise histogram
// @block 256
// @grid (n + 255) / 256

__global__ void histogramNaive(const unsigned char* pixels, int n, unsigned int* bins) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&bins[pixels[i]], 1u);
}
