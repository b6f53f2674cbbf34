// kernelcam's optimised reduction: each thread first adds up 32 elements on its own (a grid-stride
// loop: the warp's reads stay coalesced), then the warp adds its 32 values with register shuffles,
// the block its 8 warps' in shared memory, and one atomicAdd per block.
//
// @exercise reduce-sum
// @block 256
// @grid (n + 8191) / 8192

__global__ void reduceOptimised(const int* in, int n, int* sum) {
  int v = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) v += in[i];
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  __shared__ int warpSums[32];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) warpSums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < blockDim.x / 32 ? warpSums[lane] : 0;
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    if (lane == 0) atomicAdd(sum, v);
  }
}
