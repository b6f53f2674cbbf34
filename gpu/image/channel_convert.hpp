#pragma once
// The two trivial entry conversions of a frame into RGBA: grey -> RGBA (g, g, g, 255: the view's
// original side of a grey frame) and BGRA -> RGBA (cameras that deliver blue first). The CPU
// references here; channel_convert.cuh holds the kernels tested against them.
#include <cstdint>

#include "gpu/image/view_checks.hpp"

namespace kc {

void grayToRgbaCpu(ConstImageView<std::uint8_t> in, ImageView<Rgba8> out);
void bgraToRgbaCpu(ConstImageView<Rgba8> in, ImageView<Rgba8> out);  // `in` in memory order B,G,R,A

}  // namespace kc
