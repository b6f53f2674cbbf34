// 3x3 mean filter: each output pixel's R, G and B are the mean of the 3x3 pixels around it (the
// image's edge pixels repeated beyond it); alpha is the centre's.
// The task, the rounding and the goals: kernelcam exercise show mean-filter
//
// @exercise mean-filter
// @output rgba
// @block 16x16

__global__ void meanFilter(KcInput in, KcOutput out, KcParams params) {
  // TODO 1: the pixel (x, y) this thread writes; threads outside the image write nothing.

  // TODO 2: add up R, G and B (.x, .y, .z of in.rgba(...)) of the 9 pixels around (x, y), clamping
  //         their coordinates to the image: 0..in.width - 1 and 0..in.height - 1.

  // TODO 3: out.setRgba(x, y, ...) with (sum + 4) / 9 for each of R, G and B, and the centre's alpha.

  // TODO 4 (level 2 and 3): read the block's pixels and a 1-pixel halo into a __shared__ tile once,
  //         and take the 9 pixels from there (the statement and the hints say how).
}
