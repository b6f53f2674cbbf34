// kernelcam's naive reduction: one element per thread, and the interleaved tree: in step s, thread
// t works when t % (2 * s) == 0. The working threads are spread over every warp, so every warp
// diverges in every step.
//
// @exercise reduce-sum
// @block 256
// @grid (n + 255) / 256

__global__ void reduceNaive(const int* in, int n, int* sum) {
  __shared__ int partial[256];
  const unsigned tid = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0) partial[tid] += partial[tid + s];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(sum, partial[0]);
}
