// Mirror the frame, as kernelcam's built-in stage flip=h|v|hv does (gpu/image/flip.cu): with
// axis 0 the A/B view against flip=h shows the two identical.
//
// Every output pixel copies one input pixel: x mirrored for a left-right flip (the selfie view),
// y for upside down. Reads and writes run along rows in opposite directions, and both stay
// coalesced: a warp still touches 32 neighbouring pixels.
//
// Things to try: the built-in moves grey frames four pixels at a time with one 4-byte load and a
// byte reversal (__byte_perm); do the same for RGBA with uint4 loads.
//
// @output same
// @block 32x8
// @param axis int 0..2 = 0     0 left-right, 1 upside down, 2 both (a half turn)

__global__ void flip(KcInput in, KcOutput out, KcParams params) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= out.width || y >= out.height) return;
  const int sx = params.axis != 1 ? in.width - 1 - x : x;
  const int sy = params.axis != 0 ? in.height - 1 - y : y;
  if (in.channels == 1)
    out.row(y)[x] = in.row(sy)[sx];
  else
    out.setRgba(x, y, in.rgba(sx, sy));
}
