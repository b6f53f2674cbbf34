// Histogram: count how many of the n pixels have each of the 256 gray values, into bins[0..255]
// (which start at 0).
// The task and the goals: kernelcam exercise show histogram
//
// @exercise histogram
// @block 256
// @grid (n + 255) / 256

__global__ void histogram(const unsigned char* pixels, int n, unsigned int* bins) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;

  // TODO 1: a thread past the end of the pixels (the grid is rounded up to whole blocks) counts nothing.

  // TODO 2: add 1 to the bin of pixels[i]. Other threads add to the same bins at the same time:
  //         atomicAdd(&bins[...], 1u).

  // TODO 3 (level 2 and 3): count into a __shared__ histogram of the block first, and add it to bins
  //         once per block (the statement and the hints say how).
}
