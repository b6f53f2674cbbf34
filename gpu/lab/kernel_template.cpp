#include "gpu/lab/kernel_template.hpp"

namespace kc::lab {

const std::string& kernelTemplate() {
  static const std::string text =
      R"(// A kernelcam lab kernel. Check it (no GPU needed):  kernelcam kernel check THIS_FILE
//
// The contract (docs/KERNEL-LAB.md): exactly one __global__ function, with this signature,
//   __global__ void NAME(KcInput in, KcOutput out, KcParams params)
// called once per frame with one thread per output pixel. The grid is rounded up to whole
// blocks, so check the bounds.
//   in      the frame entering the stage, in.width x in.height pixels, in.channels 4 (RGBA8) or
//           1 (gray8); in.rgba(x, y) reads a pixel as uchar4 (gray as v, v, v, 255), in.row(y)
//           gives the raw bytes of a row
//   out     the frame you write, the same size, in the format @output names;
//           out.setRgba(x, y, v), out.setGray(x, y, v), out.row(y)
//   params  one field per @param line below (each is a slider in the window)
//
// @output rgba
// @block 16x16
// @param levels int 2..32 = 6     colour levels per channel
// @param mix float 0..1 = 1       0 shows the input, 1 the posterised frame

// Rounds v to the nearest of `levels` evenly spaced values, blended with v by `mix`.
__device__ unsigned char posterized(unsigned char v, int levels, float mix) {
  const float step = 255.0f / (levels - 1);
  const float level = rintf(v / step) * step;
  return static_cast<unsigned char>(fminf(v + mix * (level - v) + 0.5f, 255.0f));
}

__global__ void posterize(KcInput in, KcOutput out, KcParams params) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= out.width || y >= out.height) return;

  const uchar4 p = in.rgba(x, y);
  const int n = params.levels;
  const float mix = params.mix;
  out.setRgba(x, y, make_uchar4(posterized(p.x, n, mix), posterized(p.y, n, mix), posterized(p.z, n, mix), p.w));
}
)";
  return text;
}

}  // namespace kc::lab
