// kernelcam's optimised dot product: each thread adds up 32 products on its own (a grid-stride loop:
// the warp's reads stay coalesced), the warp its 32 sums with register shuffles, the block its 8
// warps' in shared memory, and one atomicAdd per block.
//
// @exercise dot
// @block 256
// @grid (n + 8191) / 8192

__global__ void dotOptimised(const float* x, const float* y, int n, float* result) {
  float sum = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) sum += x[i] * y[i];
  for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
  __shared__ float warpSums[32];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) warpSums[warp] = sum;
  __syncthreads();
  if (warp == 0) {
    sum = lane < blockDim.x / 32 ? warpSums[lane] : 0.0f;
    for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
    if (lane == 0) atomicAdd(result, sum);
  }
}
