// Grayscale: each thread turns one RGBA pixel into one gray byte.
// The task, the formula and the goals: kernelcam exercise show grayscale
//
// @exercise grayscale
// @output gray
// @block 16x16

__global__ void grayscale(KcInput in, KcOutput out, KcParams params) {
  // TODO 1: the pixel (x, y) this thread writes, from blockIdx, blockDim and threadIdx.

  // TODO 2: threads outside the image (the grid is rounded up to whole blocks) write nothing.

  // TODO 3: read the pixel with in.rgba(x, y), weigh R, G and B with 6881, 23265 and 2294,
  //         add 16384, shift right by 15, and write the result with out.setGray(x, y, ...).
}
