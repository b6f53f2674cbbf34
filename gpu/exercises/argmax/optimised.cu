// kernelcam's optimised argmax: each thread keeps the largest key of its elements (a grid-stride
// loop: a warp's reads stay coalesced), the warp its 32 keys' largest with 64-bit register shuffles,
// the block its 8 warps' in shared memory, and one atomicMax per block.
//
// @exercise argmax
// @block 256
// @grid (n + 8191) / 8192

__device__ unsigned long long argmaxKey(int v, int i) {
  return ((unsigned long long)((unsigned)v ^ 0x80000000u) << 32) | (0xffffffffu - (unsigned)i);
}

__global__ void argmaxOptimised(const int* values, int n, unsigned long long* best) {
  unsigned long long k = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    k = max(k, argmaxKey(values[i], i));
  for (int offset = 16; offset > 0; offset /= 2) k = max(k, __shfl_down_sync(0xffffffffu, k, offset));
  __shared__ unsigned long long warpBest[32];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) warpBest[warp] = k;
  __syncthreads();
  if (warp == 0) {
    k = lane < blockDim.x / 32 ? warpBest[lane] : 0;
    for (int offset = 16; offset > 0; offset /= 2) k = max(k, __shfl_down_sync(0xffffffffu, k, offset));
    if (lane == 0) atomicMax(best, k);
  }
}
