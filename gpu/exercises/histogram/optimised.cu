// kernelcam's optimised histogram: each block counts 16384 pixels (a grid-stride loop, 64 per
// thread) into a private histogram in shared memory, whose atomics stay in the block's SM, then adds
// it to bins with one global atomicAdd per bin that is not empty: at most 256 per block.
//
// @exercise histogram
// @block 256
// @grid (n + 16383) / 16384

__global__ void histogramOptimised(const unsigned char* pixels, int n, unsigned int* bins) {
  __shared__ unsigned int local[256];  // one bin per thread of the block (@block 256)
  local[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&local[pixels[i]], 1u);
  __syncthreads();
  const unsigned int count = local[threadIdx.x];
  if (count) atomicAdd(&bins[threadIdx.x], count);
}
