#include <algorithm>
#include <cmath>

#include "gpu/image/yuv_convert.hpp"

namespace kc {

namespace {

struct LumaWeights {
  double kr, kb;
};
LumaWeights lumaWeights(YuvMatrix matrix) {
  switch (matrix) {
    case YuvMatrix::Bt709:
      return {0.2126, 0.0722};
    case YuvMatrix::Bt2020:
      return {0.2627, 0.0593};
    case YuvMatrix::Bt601:
      break;
  }
  return {0.299, 0.114};
}

std::int32_t q16(double value) { return static_cast<std::int32_t>(std::lround(value * 65536.0)); }

// The range's scale of Y' and of Cb', Cr' (limited: 219 and 224 steps over 255).
double lumaSteps(YuvRange range) { return range == YuvRange::Limited ? 219.0 / 255.0 : 1.0; }
double chromaSteps(YuvRange range) { return range == YuvRange::Limited ? 224.0 / 255.0 : 1.0; }

// Where the chroma sample of pixel (x, y) is in its plane(s): byte offsets of Cb and Cr in their
// rows and the row, by the rule in the header.
struct ChromaAt {
  const std::uint8_t* cb;
  const std::uint8_t* cr;
};
ChromaAt chromaAt(const YuvPlanes& in, int x, int y) {
  const int cx = x / 2;
  switch (in.layout) {
    case YuvLayout::Nv12: {
      const std::uint8_t* row = in.plane[1].row(y / 2);
      return {row + 2 * cx, row + 2 * cx + 1};
    }
    case YuvLayout::I420:
      return {in.plane[1].row(y / 2) + cx, in.plane[2].row(y / 2) + cx};
    case YuvLayout::Yuyv:
      return {in.plane[0].row(y) + 4 * cx + 1, in.plane[0].row(y) + 4 * cx + 3};
    case YuvLayout::Uyvy:
      break;
  }
  return {in.plane[0].row(y) + 4 * cx, in.plane[0].row(y) + 4 * cx + 2};
}

std::uint8_t lumaAt(const YuvPlanes& in, int x, int y) {
  switch (in.layout) {
    case YuvLayout::Yuyv:
      return in.plane[0].row(y)[2 * x];
    case YuvLayout::Uyvy:
      return in.plane[0].row(y)[2 * x + 1];
    default:
      break;
  }
  return in.plane[0].row(y)[x];
}

}  // namespace

YuvToRgbCoefficients yuvToRgbCoefficients(YuvEncoding encoding) {
  const auto [kr, kb] = lumaWeights(encoding.matrix);
  const double kg = 1.0 - kr - kb;
  const double luma = 1.0 / lumaSteps(encoding.range);
  const double chroma = 1.0 / chromaSteps(encoding.range);
  return {encoding.range == YuvRange::Limited ? 16 : 0,
          q16(luma),
          q16(2 * (1 - kr) * chroma),
          q16(2 * kb * (1 - kb) / kg * chroma),
          q16(2 * kr * (1 - kr) / kg * chroma),
          q16(2 * (1 - kb) * chroma)};
}

RgbToYuvCoefficients rgbToYuvCoefficients(YuvEncoding encoding) {
  const auto [kr, kb] = lumaWeights(encoding.matrix);
  const std::int32_t qr = q16(kr), qb = q16(kb);
  return {qr,
          65536 - qr - qb,  // so that white stays white
          qb,
          q16(lumaSteps(encoding.range)),
          q16(chromaSteps(encoding.range) / (2 * (1 - kb))),
          q16(chromaSteps(encoding.range) / (2 * (1 - kr))),
          encoding.range == YuvRange::Limited ? 16 : 0};
}

void requireYuvPlanes(const YuvPlanes& planes, const char* function) {
  KC_REQUIRE(planes.width >= 0 && planes.height >= 0, std::string(function) + ": negative size");
  if (planes.width == 0 || planes.height == 0) return;
  for (int p = 0; p < yuvPlaneCount(planes.layout); ++p) {
    const PlaneSize need = yuvPlaneSize(planes.layout, planes.width, planes.height, p);
    const ImageView<const std::uint8_t>& view = planes.plane[p];
    const std::string name = "plane " + std::to_string(p);
    requireValidView(view, function, name.c_str());
    KC_REQUIRE(view.width >= need.widthBytes && view.height >= need.height,
               std::string(function) + ": " + name + " is " + std::to_string(view.width) + "x" +
                   std::to_string(view.height) + " bytes, needs " + std::to_string(need.widthBytes) + "x" +
                   std::to_string(need.height) + " for a " + std::to_string(planes.width) + "x" +
                   std::to_string(planes.height) + " picture");
  }
}

void yuvToRgbaCpu(const YuvPlanes& in, YuvEncoding encoding, ImageView<Rgba8> out) {
  requireYuvPlanes(in, "yuvToRgbaCpu");
  requireValidView<Rgba8>(out, "yuvToRgbaCpu", "output");
  KC_REQUIRE(out.width == in.width && out.height == in.height, "yuvToRgbaCpu: output size differs from the input's");
  const YuvToRgbCoefficients c = yuvToRgbCoefficients(encoding);
  for (int y = 0; y < out.height; ++y)
    for (int x = 0; x < out.width; ++x) {
      const ChromaAt chroma = chromaAt(in, x, y);
      out.at(x, y) = yuvPixel(lumaAt(in, x, y), chromaTerms(*chroma.cb, *chroma.cr, c), c);
    }
}

void lumaToGrayCpu(ConstImageView<std::uint8_t> luma, YuvRange range, ImageView<std::uint8_t> out) {
  requireValidView(luma, "lumaToGrayCpu", "input");
  requireValidView<std::uint8_t>(out, "lumaToGrayCpu", "output");
  requireSameSize<const std::uint8_t, std::uint8_t>(luma, out, "lumaToGrayCpu");
  const YuvToRgbCoefficients c = yuvToRgbCoefficients({YuvMatrix::Bt601, range});  // luma: the matrix plays no part
  for (int y = 0; y < out.height; ++y)
    for (int x = 0; x < out.width; ++x) out.at(x, y) = lumaToGray(luma.at(x, y), c);
}

void rgbaToYuvCpu(ConstImageView<Rgba8> in, YuvEncoding encoding, const MutableYuvPlanes& out) {
  requireValidView(in, "rgbaToYuvCpu", "input");
  requireYuvPlanes(out, "rgbaToYuvCpu");
  KC_REQUIRE(out.width == in.width && out.height == in.height, "rgbaToYuvCpu: output size differs from the input's");
  const RgbToYuvCoefficients c = rgbToYuvCoefficients(encoding);
  auto toByte = [](std::int64_t q16) { return clampByte(static_cast<std::int32_t>((q16 + 32768) >> 16)); };
  const YuvLayout layout = out.layout;
  const bool packed = isPacked422(layout);
  const int blockRows = packed ? 1 : 2;
  // One chroma sample's block at a time (2x2, 2x1, fewer at odd edges): each pixel's luma, and the
  // mean of the block's Cb and Cr. Q16 values with the offsets included (positive: plain rounding).
  for (int cy = 0; cy * blockRows < in.height; ++cy)
    for (int cx = 0; cx < chromaWidth(in.width); ++cx) {
      std::int64_t cb = 0, cr = 0;
      int count = 0;
      for (int y = cy * blockRows; y < std::min(in.height, (cy + 1) * blockRows); ++y)
        for (int x = 2 * cx; x < std::min(in.width, 2 * cx + 2); ++x) {
          const Rgba8 p = in.at(x, y);
          const std::int64_t weighted = std::int64_t{c.kr} * p.r + std::int64_t{c.kg} * p.g + std::int64_t{c.kb} * p.b;
          const std::uint8_t luma = toByte(((weighted * c.lumaScale) >> 16) + (std::int64_t{c.lumaOffset} << 16));
          if (packed) out.plane[0].row(y)[2 * x + (layout == YuvLayout::Uyvy ? 1 : 0)] = luma;
          else out.plane[0].row(y)[x] = luma;
          cb += ((((std::int64_t{p.b} << 16) - weighted) * c.chromaScaleB) >> 16) + (std::int64_t{128} << 16);
          cr += ((((std::int64_t{p.r} << 16) - weighted) * c.chromaScaleR) >> 16) + (std::int64_t{128} << 16);
          ++count;
        }
      const std::uint8_t cbByte = toByte((cb + count / 2) / count), crByte = toByte((cr + count / 2) / count);
      switch (layout) {
        case YuvLayout::Nv12:
          out.plane[1].row(cy)[2 * cx] = cbByte, out.plane[1].row(cy)[2 * cx + 1] = crByte;
          break;
        case YuvLayout::I420:
          out.plane[1].row(cy)[cx] = cbByte, out.plane[2].row(cy)[cx] = crByte;
          break;
        case YuvLayout::Yuyv:
          out.plane[0].row(cy)[4 * cx + 1] = cbByte, out.plane[0].row(cy)[4 * cx + 3] = crByte;
          break;
        case YuvLayout::Uyvy:
          out.plane[0].row(cy)[4 * cx] = cbByte, out.plane[0].row(cy)[4 * cx + 2] = crByte;
          break;
      }
    }
  // A packed row of odd width ends in a pair whose second luma byte is padding: repeat the last
  // pixel's luma there, so the bytes are defined.
  if (packed && in.width % 2 == 1) {
    const int lastLuma = 2 * (in.width - 1) + (layout == YuvLayout::Uyvy ? 1 : 0);
    for (int y = 0; y < in.height; ++y) out.plane[0].row(y)[lastLuma + 2] = out.plane[0].row(y)[lastLuma];
  }
}

}  // namespace kc
