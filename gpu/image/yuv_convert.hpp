#pragma once
// Camera pixel formats -> RGBA (and -> grey from the luma plane alone), and RGBA -> YUV for the
// test pattern and the tests. The CPU references here; yuv_convert.cuh is the CUDA kernel they are
// tested against.
//
// The formulas (ITU-R BT.601 / BT.709 / BT.2020, Kr and Kb the matrix's luma weights, Kg = 1-Kr-Kb):
//   limited ("video") range: Y' = (Y - 16) * 255/219,  Cb' = (Cb - 128) * 255/224  (Cr' alike)
//   full range:              Y' = Y,                   Cb' =  Cb - 128
//   R = Y' + 2(1-Kr) Cr'
//   G = Y' - 2Kb(1-Kb)/Kg Cb' - 2Kr(1-Kr)/Kg Cr'
//   B = Y' + 2(1-Kb) Cb'
// in Q16 fixed point (identical on CPU and GPU, so the GPU matches bit for bit):
//   channel = clamp((sum of Q16 terms + 32768) >> 16, 0, 255)        (round half up)
//
// Chroma rule (odd sizes included): a 4:2:0 chroma plane is ceil(w/2) x ceil(h/2) samples and a
// 4:2:2 row ceil(w/2) pairs; pixel (x, y) takes the sample (x/2, y/2) (4:2:0) or (x/2, y) (4:2:2):
// nearest, no interpolation, as OpenCV's cvtColor and most camera pipelines do. An odd last column
// (row) has a sample of its own; a packed 4:2:2 row of odd width ends in a pair whose second luma
// byte is padding.
#include <cstdint>

#include "gpu/image/view_checks.hpp"

namespace kc {

enum class YuvMatrix { Bt601, Bt709, Bt2020 };
enum class YuvRange { Limited, Full };

struct YuvEncoding {
  YuvMatrix matrix = YuvMatrix::Bt601;  // what UVC cameras and OpenCV assume when nothing is said
  YuvRange range = YuvRange::Limited;
  bool operator==(const YuvEncoding& o) const { return matrix == o.matrix && range == o.range; }
  bool operator!=(const YuvEncoding& o) const { return !(*this == o); }
};

// How the planes hold the samples.
//   Nv12: plane 0 Y (w x h), plane 1 interleaved Cb,Cr pairs (ceil(w/2) pairs x ceil(h/2) rows).
//   I420: plane 0 Y, plane 1 Cb, plane 2 Cr (ceil(w/2) x ceil(h/2) each). YV12 is the same three
//         planes with Cr before Cb in memory: give the views in Y, Cb, Cr order and it is I420.
//   Yuyv: plane 0 only, each pair of pixels 4 bytes Y0 Cb Y1 Cr (ceil(w/2) pairs x h rows).
//   Uyvy: likewise, Cb Y0 Cr Y1.
enum class YuvLayout { Nv12, I420, Yuyv, Uyvy };

constexpr int chromaWidth(int width) { return (width + 1) / 2; }
constexpr int chromaHeight(int height) { return (height + 1) / 2; }
constexpr int yuvPlaneCount(YuvLayout layout) {
  return layout == YuvLayout::I420 ? 3 : layout == YuvLayout::Nv12 ? 2 : 1;
}
constexpr bool isPacked422(YuvLayout layout) { return layout == YuvLayout::Yuyv || layout == YuvLayout::Uyvy; }

struct PlaneSize {
  int widthBytes = 0, height = 0;
};
// The bytes per row and rows a plane needs for a width x height picture (zero for unused planes).
constexpr PlaneSize yuvPlaneSize(YuvLayout layout, int width, int height, int plane) {
  if (plane >= yuvPlaneCount(layout)) return {};
  if (isPacked422(layout)) return {4 * chromaWidth(width), height};
  if (plane == 0) return {width, height};
  return {(layout == YuvLayout::Nv12 ? 2 : 1) * chromaWidth(width), chromaHeight(height)};
}

// The planes of one YUV picture as byte views (Byte = const std::uint8_t to read, std::uint8_t to
// write). Each view's width is in bytes (yuvPlaneSize). Passed by value to the kernels.
template <class Byte>
struct YuvPlaneViews {
  YuvLayout layout = YuvLayout::Nv12;
  int width = 0, height = 0;  // pixels
  ImageView<Byte> plane[3];
  // Only non-const views convert (as ImageView does).
  template <class B = Byte, std::enable_if_t<!std::is_const_v<B>, int> = 0>
  operator YuvPlaneViews<const B>() const {
    return {layout, width, height, {plane[0], plane[1], plane[2]}};
  }
};
using YuvPlanes = YuvPlaneViews<const std::uint8_t>;
using MutableYuvPlanes = YuvPlaneViews<std::uint8_t>;

// Throws InvalidArgument (naming `function`) when a plane the layout uses is missing, too small
// (views at least yuvPlaneSize; a larger one is read only up to it) or of a bad pitch.
void requireYuvPlanes(const YuvPlanes& planes, const char* function);

// Q16 coefficients of the conversion to RGB for one encoding.
struct YuvToRgbCoefficients {
  std::int32_t lumaOffset;                  // 16 (limited) or 0
  std::int32_t luma;                        // Y' per step of Y
  std::int32_t crToR, cbToG, crToG, cbToB;  // cbToG, crToG are subtracted
};

// And of the conversion from RGB (Q16 weights; the results are offset and scaled into the range).
struct RgbToYuvCoefficients {
  std::int32_t kr, kg, kb;                  // luma weights, sum 65536
  std::int32_t lumaScale;                   // 219/255 (limited) or 1, Q16
  std::int32_t chromaScaleB, chromaScaleR;  // (range's chroma scale) / (2(1-Kb)), / (2(1-Kr)), Q16
  std::int32_t lumaOffset;                  // 16 or 0
};

YuvToRgbCoefficients yuvToRgbCoefficients(YuvEncoding encoding);
RgbToYuvCoefficients rgbToYuvCoefficients(YuvEncoding encoding);

KC_HD std::uint8_t clampByte(std::int32_t value) {
  return static_cast<std::uint8_t>(value < 0 ? 0 : value > 255 ? 255 : value);
}
// Q16 -> byte, rounding half up (>> of a negative int shifts arithmetically: defined so since C++20,
// and what g++, clang and nvcc do in C++17 too).
KC_HD std::uint8_t roundQ16(std::int32_t value) { return clampByte((value + 32768) >> 16); }

// One pixel: the luma term once per pixel, the chroma terms once per chroma sample.
struct ChromaTerms {
  std::int32_t r, g, b;
};
KC_HD ChromaTerms chromaTerms(std::int32_t cb, std::int32_t cr, const YuvToRgbCoefficients& c) {
  const std::int32_t u = cb - 128, v = cr - 128;
  return {c.crToR * v, -c.cbToG * u - c.crToG * v, c.cbToB * u};
}
KC_HD Rgba8 yuvPixel(std::int32_t y, ChromaTerms chroma, const YuvToRgbCoefficients& c) {
  const std::int32_t luma = c.luma * (y - c.lumaOffset);
  return {roundQ16(luma + chroma.r), roundQ16(luma + chroma.g), roundQ16(luma + chroma.b), 255};
}
// Grey from luma alone: Y' of the formulas (what the gray stage computes from the RGB of a pixel
// whose weights match the matrix, up to rounding and colours clipped to 0..255).
KC_HD std::uint8_t lumaToGray(std::int32_t y, const YuvToRgbCoefficients& c) {
  return roundQ16(c.luma * (y - c.lumaOffset));
}

// CPU references: single-threaded, obviously correct. `out` is width x height.
void yuvToRgbaCpu(const YuvPlanes& in, YuvEncoding encoding, ImageView<Rgba8> out);
// The Y plane (w x h bytes) -> full-range grey (a copy for full range).
void lumaToGrayCpu(ConstImageView<std::uint8_t> luma, YuvRange range, ImageView<std::uint8_t> out);
// RGBA (alpha ignored) -> the planes of `out`; chroma is the mean of the pixels a sample covers
// (2x2, 2x1 or fewer at odd edges), rounded. Builds the pattern's camera formats and the tests' inputs.
void rgbaToYuvCpu(ConstImageView<Rgba8> in, YuvEncoding encoding, const MutableYuvPlanes& out);

}  // namespace kc
