#include "gpu/image/channel_convert.hpp"

namespace kc {

void grayToRgbaCpu(ConstImageView<std::uint8_t> in, ImageView<Rgba8> out) {
  requireValidView(in, "grayToRgbaCpu", "input");
  requireValidView<Rgba8>(out, "grayToRgbaCpu", "output");
  requireSameSize<const std::uint8_t, Rgba8>(in, out, "grayToRgbaCpu");
  for (int y = 0; y < out.height; ++y)
    for (int x = 0; x < out.width; ++x) {
      const std::uint8_t g = in.at(x, y);
      out.at(x, y) = {g, g, g, 255};
    }
}

void bgraToRgbaCpu(ConstImageView<Rgba8> in, ImageView<Rgba8> out) {
  requireValidView(in, "bgraToRgbaCpu", "input");
  requireValidView<Rgba8>(out, "bgraToRgbaCpu", "output");
  requireSameSize<const Rgba8, Rgba8>(in, out, "bgraToRgbaCpu");
  for (int y = 0; y < out.height; ++y)
    for (int x = 0; x < out.width; ++x) {
      const Rgba8 p = in.at(x, y);  // .r holds blue
      out.at(x, y) = {p.b, p.g, p.r, p.a};
    }
}

}  // namespace kc
