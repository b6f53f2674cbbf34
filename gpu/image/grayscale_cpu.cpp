#include "gpu/image/grayscale.hpp"

#include "gpu/image/view_checks.hpp"

namespace kc {

void grayscaleCpu(ConstImageView<Rgba8> in, ImageView<std::uint8_t> out, GrayWeights weights, ChannelOrder order) {
  requireValidView(in, "grayscaleCpu", "input");
  requireValidView<std::uint8_t>(out, "grayscaleCpu", "output");
  requireSameSize<Rgba8, std::uint8_t>(in, out, "grayscaleCpu");
  const GrayCoefficients c = grayCoefficients(weights);
  const bool bgra = order == ChannelOrder::BGRA;  // then the first byte (.r) holds blue
  for (int y = 0; y < in.height; ++y) {
    for (int x = 0; x < in.width; ++x) {
      const Rgba8 p = in.at(x, y);
      out.at(x, y) = bgra ? grayFromRgb(p.b, p.g, p.r, c) : grayFromRgb(p.r, p.g, p.b, c);
    }
  }
}

}  // namespace kc
