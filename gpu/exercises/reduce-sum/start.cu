// Sum reduction: add up n integers into *sum (which starts at 0).
// The task and the goals: kernelcam exercise show reduce-sum
//
// @exercise reduce-sum
// @block 256
// @grid (n + 255) / 256

__global__ void reduceSum(const int* in, int n, int* sum) {
  __shared__ int partial[256];  // one value per thread of the block (@block 256)
  const int tid = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;

  // TODO 1: partial[tid] = in[i], or 0 where i is past the end of the array; then __syncthreads().

  // TODO 2: the tree: in each step, half as many threads as before add a partner's value to their
  //         own. Wait for the whole block (__syncthreads()) between steps.

  // TODO 3: thread 0 adds the block's total to *sum. Other blocks do so at the same time: atomicAdd.
}
