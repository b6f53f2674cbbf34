// CPU reference of the 2D convolution: one output at a time, every tap through borderIndex.
#include <cmath>

#include "gpu/core/error.hpp"
#include "gpu/image/convolution.hpp"
#include "gpu/image/view_checks.hpp"

namespace kc {

namespace {

template <class T>
void requireConvolutionArgs(ImageView<const T> in, ImageView<T> out) {
  requireValidView(in, "convolveCpu", "input");
  requireValidView<T>(out, "convolveCpu", "output");
  requireSameSize<T, T>(in, out, "convolveCpu");
  requireDistinct<T, T>(in, out, "convolveCpu");
}

// Sum of kernel * input around (x, y) for one channel, in the documented order (kx outer, ky inner, fma).
template <class T, class Channel>
float correlateAt(ImageView<const T> in, const ConvKernel& kernel, BorderMode border, int x, int y, Channel channel) {
  const int r = kernel.size / 2;
  float acc = 0.f;
  for (int kx = 0; kx < kernel.size; ++kx) {
    const int ix = borderIndex(x + kx - r, in.width, border);
    for (int ky = 0; ky < kernel.size; ++ky) {
      const int iy = borderIndex(y + ky - r, in.height, border);
      const float v = (ix < 0 || iy < 0) ? 0.f : static_cast<float>(channel(in.at(ix, iy)));
      acc = std::fma(kernel.at(kx, ky), v, acc);
    }
  }
  return acc;
}

}  // namespace

void convolveCpu(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, const ConvKernel& kernel,
                 BorderMode border) {
  validateKernel(kernel);
  requireConvolutionArgs(in, out);
  const auto gray = [](std::uint8_t p) { return p; };
  for (int y = 0; y < in.height; ++y)
    for (int x = 0; x < in.width; ++x) out.at(x, y) = saturateToByte(correlateAt(in, kernel, border, x, y, gray));
}

void convolveCpu(ConstImageView<Rgba8> in, ImageView<Rgba8> out, const ConvKernel& kernel, BorderMode border) {
  validateKernel(kernel);
  requireConvolutionArgs(in, out);
  for (int y = 0; y < in.height; ++y)
    for (int x = 0; x < in.width; ++x) {
      Rgba8 p;
      p.r = saturateToByte(correlateAt(in, kernel, border, x, y, [](Rgba8 q) { return q.r; }));
      p.g = saturateToByte(correlateAt(in, kernel, border, x, y, [](Rgba8 q) { return q.g; }));
      p.b = saturateToByte(correlateAt(in, kernel, border, x, y, [](Rgba8 q) { return q.b; }));
      p.a = in.at(x, y).a;
      out.at(x, y) = p;
    }
}

}  // namespace kc
