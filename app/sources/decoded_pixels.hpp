#pragma once
// What an image decoder (jpeg_decode, png_decode) hands back: the pixels, and what it found wrong
// with a file it could still decode (a cut file, corrupt data, a checksum that does not match) in
// its own words. image_decode.cpp is the one place that turns the damage into kernelcam's line and
// refuses the image unless the caller is lenient.
#include <string>
#include <vector>

#include "gpu/pipeline/host_frame.hpp"

namespace kc {

struct DecodeDamage {
  enum class Kind { None, Truncated, Corrupt };
  Kind kind = Kind::None;
  std::string detail;  // what the decoder said or saw: libpng: "IDAT: CRC error"
  std::string effect;  // what decoding anyway gives: "the damaged part would be painted grey"
  explicit operator bool() const { return kind != Kind::None; }
};

struct DecodedPixels {
  HostFrame frame;
  DecodeDamage damage;                // the first damage found; None when the file is sound
  std::vector<std::string> messages;  // the decoder's other warnings, as it would print them (--verbose)
};

}  // namespace kc
