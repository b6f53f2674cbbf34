#include "gpu/image/yuv_convert.cuh"

#include "gpu/core/cuda_check.cuh"

namespace kc {
namespace {

// One thread per horizontal pair of pixels, the unit every layout shares a chroma sample over
// (4:2:0 pairs of rows read the same sample again: it is in L1 by then). A warp reads 64 luma
// bytes and 32 chroma samples and writes 64 RGBA pixels (256 contiguous bytes): whole lines. The
// loads are bytes so any pitch and alignment works; the kernel is bound by the RGBA writes anyway
// (4 bytes out for 1.5 or 2 in).
constexpr int kBlockX = 32;
constexpr int kBlockY = 8;

template <YuvLayout Layout>
__global__ void yuvToRgbaKernel(YuvPlanes in, YuvToRgbCoefficients c, ImageView<Rgba8> out) {
  const int pair = blockIdx.x * kBlockX + threadIdx.x;
  const int y = blockIdx.y * kBlockY + threadIdx.y;
  const int x = 2 * pair;
  if (x >= out.width || y >= out.height) return;
  const bool second = x + 1 < out.width;  // an odd width's last pair has one pixel
  int y0, y1, cb, cr;
  if constexpr (Layout == YuvLayout::Yuyv || Layout == YuvLayout::Uyvy) {
    const std::uint8_t* p = in.plane[0].row(y) + 4 * pair;
    constexpr int luma = Layout == YuvLayout::Yuyv ? 0 : 1;
    y0 = p[luma];
    y1 = p[luma + 2];
    cb = p[1 - luma];
    cr = p[3 - luma];
  } else {
    const std::uint8_t* l = in.plane[0].row(y) + x;
    y0 = l[0];
    y1 = second ? l[1] : 0;
    if constexpr (Layout == YuvLayout::Nv12) {
      const std::uint8_t* uv = in.plane[1].row(y / 2) + 2 * pair;
      cb = uv[0];
      cr = uv[1];
    } else {
      cb = in.plane[1].row(y / 2)[pair];
      cr = in.plane[2].row(y / 2)[pair];
    }
  }
  const ChromaTerms terms = chromaTerms(cb, cr, c);
  Rgba8* o = out.row(y) + x;
  o[0] = yuvPixel(y0, terms, c);
  if (second) o[1] = yuvPixel(y1, terms, c);
}

__global__ void lumaToGrayKernel(ConstImageView<std::uint8_t> luma, YuvToRgbCoefficients c,
                                 ImageView<std::uint8_t> out) {
  const int x = blockIdx.x * kBlockX + threadIdx.x;
  const int y = blockIdx.y * kBlockY + threadIdx.y;
  if (x >= out.width || y >= out.height) return;
  out.at(x, y) = lumaToGray(luma.at(x, y), c);
}

dim3 gridFor(int columns, int rows) { return dim3((columns + kBlockX - 1) / kBlockX, (rows + kBlockY - 1) / kBlockY); }

}  // namespace

void yuvToRgbaAsync(const YuvPlanes& in, YuvEncoding encoding, ImageView<Rgba8> out, cudaStream_t stream) {
  requireYuvPlanes(in, "yuvToRgbaAsync");
  requireValidView<Rgba8>(out, "yuvToRgbaAsync", "output");
  requireElementAligned<Rgba8>(out, "yuvToRgbaAsync", "output");
  KC_REQUIRE(out.width == in.width && out.height == in.height, "yuvToRgbaAsync: output size differs from the input's");
  if (out.empty()) return;
  KC_REQUIRE(out.height <= 65535 * kBlockY, "yuvToRgbaAsync: image too high for one launch");
  const YuvToRgbCoefficients c = yuvToRgbCoefficients(encoding);
  const dim3 grid = gridFor(chromaWidth(out.width), out.height), block(kBlockX, kBlockY);
  switch (in.layout) {
    case YuvLayout::Nv12:
      yuvToRgbaKernel<YuvLayout::Nv12><<<grid, block, 0, stream>>>(in, c, out);
      break;
    case YuvLayout::I420:
      yuvToRgbaKernel<YuvLayout::I420><<<grid, block, 0, stream>>>(in, c, out);
      break;
    case YuvLayout::Yuyv:
      yuvToRgbaKernel<YuvLayout::Yuyv><<<grid, block, 0, stream>>>(in, c, out);
      break;
    case YuvLayout::Uyvy:
      yuvToRgbaKernel<YuvLayout::Uyvy><<<grid, block, 0, stream>>>(in, c, out);
      break;
  }
  KC_CUDA_CHECK_LAUNCH("yuvToRgbaKernel");
}

void lumaToGrayAsync(ConstImageView<std::uint8_t> luma, YuvRange range, ImageView<std::uint8_t> out,
                     cudaStream_t stream) {
  requireValidView(luma, "lumaToGrayAsync", "input");
  requireValidView<std::uint8_t>(out, "lumaToGrayAsync", "output");
  requireSameSize<const std::uint8_t, std::uint8_t>(luma, out, "lumaToGrayAsync");
  if (out.empty()) return;
  KC_REQUIRE(out.height <= 65535 * kBlockY, "lumaToGrayAsync: image too high for one launch");
  const YuvToRgbCoefficients c = yuvToRgbCoefficients({YuvMatrix::Bt601, range});
  lumaToGrayKernel<<<gridFor(out.width, out.height), dim3(kBlockX, kBlockY), 0, stream>>>(luma, c, out);
  KC_CUDA_CHECK_LAUNCH("lumaToGrayKernel");
}

}  // namespace kc
