#pragma once
// YUV pictures on the host for the conversion tests: planes with padded rows (junk in the padding,
// so a conversion reading past a row shows up), filled with random legal samples or encoded from an
// RGBA image, and the independent oracle: the ITU-R formulas in double precision, sampled by the
// chroma rule of yuv_convert.hpp, written here apart from the fixed-point code they check.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>

#include "gpu/image/host_image.hpp"
#include "gpu/image/yuv_convert.hpp"

namespace kc::test {

struct HostYuv {
  YuvLayout layout = YuvLayout::Nv12;
  int width = 0, height = 0;
  HostImage<std::uint8_t> planes[3];

  HostYuv(YuvLayout l, int w, int h, std::size_t padBytes = 7) : layout(l), width(w), height(h) {
    std::mt19937 rng(static_cast<std::uint32_t>(w * 31 + h));
    for (int p = 0; p < yuvPlaneCount(l); ++p) {
      const PlaneSize size = yuvPlaneSize(l, w, h, p);
      planes[p] = HostImage<std::uint8_t>(size.widthBytes, size.height, size.widthBytes + padBytes);
      for (std::size_t i = 0; i < planes[p].sizeBytes(); ++i) planes[p].bytes()[i] = static_cast<std::uint8_t>(rng());
    }
  }
  YuvPlanes view() const { return {layout, width, height, {planes[0].view(), planes[1].view(), planes[2].view()}}; }
  MutableYuvPlanes mutableView() {
    return {layout, width, height, {planes[0].view(), planes[1].view(), planes[2].view()}};
  }
};

// Where the samples of pixel (x, y) are, by the header's rule (nearest chroma, no interpolation).
struct Samples {
  int y, cb, cr;
};
inline Samples samplesAt(const YuvPlanes& in, int x, int y) {
  const int cx = x / 2;
  switch (in.layout) {
    case YuvLayout::Nv12:
      return {in.plane[0].at(x, y), in.plane[1].at(2 * cx, y / 2), in.plane[1].at(2 * cx + 1, y / 2)};
    case YuvLayout::I420:
      return {in.plane[0].at(x, y), in.plane[1].at(cx, y / 2), in.plane[2].at(cx, y / 2)};
    case YuvLayout::Yuyv:
      return {in.plane[0].at(2 * x, y), in.plane[0].at(4 * cx + 1, y), in.plane[0].at(4 * cx + 3, y)};
    case YuvLayout::Uyvy:
      break;
  }
  return {in.plane[0].at(2 * x + 1, y), in.plane[0].at(4 * cx, y), in.plane[0].at(4 * cx + 2, y)};
}

// Random samples in the range's legal values (limited: Y 16..235, Cb/Cr 16..240; full: 0..255).
inline void fillLegal(HostYuv& yuv, YuvRange range, std::uint32_t seed) {
  std::mt19937 rng(seed);
  auto luma = [&] { return static_cast<std::uint8_t>(range == YuvRange::Limited ? 16 + rng() % 220 : rng() % 256); };
  auto chroma = [&] { return static_cast<std::uint8_t>(range == YuvRange::Limited ? 16 + rng() % 225 : rng() % 256); };
  for (int p = 0; p < yuvPlaneCount(yuv.layout); ++p) {
    const PlaneSize size = yuvPlaneSize(yuv.layout, yuv.width, yuv.height, p);
    for (int y = 0; y < size.height; ++y)
      for (int x = 0; x < size.widthBytes; ++x) {
        const bool isLuma = p == 0 && (!isPacked422(yuv.layout) || x % 2 == (yuv.layout == YuvLayout::Yuyv ? 0 : 1));
        yuv.planes[p].at(x, y) = isLuma ? luma() : chroma();
      }
  }
}

inline double kr(YuvMatrix m) { return m == YuvMatrix::Bt709 ? 0.2126 : m == YuvMatrix::Bt2020 ? 0.2627 : 0.299; }
inline double kb(YuvMatrix m) { return m == YuvMatrix::Bt709 ? 0.0722 : m == YuvMatrix::Bt2020 ? 0.0593 : 0.114; }

// The formulas in double: R and B from their colour differences, G from the luma equation.
inline Rgba8 formulaPixel(Samples s, YuvEncoding e) {
  const bool limited = e.range == YuvRange::Limited;
  const double y = limited ? (s.y - 16) * 255.0 / 219.0 : s.y;
  const double u = limited ? (s.cb - 128) * 255.0 / 224.0 : s.cb - 128;
  const double v = limited ? (s.cr - 128) * 255.0 / 224.0 : s.cr - 128;
  const double r = y + 2 * (1 - kr(e.matrix)) * v;
  const double b = y + 2 * (1 - kb(e.matrix)) * u;
  const double g = (y - kr(e.matrix) * r - kb(e.matrix) * b) / (1 - kr(e.matrix) - kb(e.matrix));
  auto byte = [](double value) { return static_cast<std::uint8_t>(std::clamp(std::lround(value), 0L, 255L)); };
  return {byte(r), byte(g), byte(b), 255};
}

inline std::string describe(YuvLayout layout) {
  switch (layout) {
    case YuvLayout::Nv12:
      return "nv12";
    case YuvLayout::I420:
      return "i420";
    case YuvLayout::Yuyv:
      return "yuyv";
    case YuvLayout::Uyvy:
      break;
  }
  return "uyvy";
}
inline std::string describe(YuvEncoding e) {
  const char* matrix = e.matrix == YuvMatrix::Bt601 ? "bt601" : e.matrix == YuvMatrix::Bt709 ? "bt709" : "bt2020";
  return std::string(matrix) + (e.range == YuvRange::Limited ? " limited" : " full");
}

constexpr YuvLayout kAllLayouts[] = {YuvLayout::Nv12, YuvLayout::I420, YuvLayout::Yuyv, YuvLayout::Uyvy};
constexpr YuvEncoding kAllEncodings[] = {{YuvMatrix::Bt601, YuvRange::Limited},
                                         {YuvMatrix::Bt601, YuvRange::Full},
                                         {YuvMatrix::Bt709, YuvRange::Limited},
                                         {YuvMatrix::Bt709, YuvRange::Full},
                                         {YuvMatrix::Bt2020, YuvRange::Limited}};

}  // namespace kc::test
