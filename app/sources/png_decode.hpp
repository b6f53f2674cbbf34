#pragma once
// PNG through libpng directly (not cv::imdecode): OpenCV's decoder lets libpng print its warnings
// on stderr and decodes anyway (a chunk whose CRC does not match), or fails with no reason given
// (a cut file, corrupt image data). Here every warning and error comes back to the caller: damage
// to the file is reported as such (DecodeDamage), and a tolerant decode goes as far as the data
// does, painting the rest grey, as libjpeg does with a damaged JPEG.
#include <cstddef>
#include <string>

#include "app/sources/decoded_pixels.hpp"

namespace kc {

// True when the bytes start with the PNG signature.
bool looksLikePng(const unsigned char* data, std::size_t size);

// Decodes to RGBA8 as OpenCV's IMREAD_UNCHANGED then matToRgbaFrame did: palette and grey expanded
// (grey -> g,g,g), 16 bits scaled to 8 (round(v / 257)), transparency (alpha or tRNS) as alpha,
// else alpha 255; no gamma or colour-profile conversion. `width` x `height` is the size the
// caller read from the IHDR and admitted (the frame is allocated at that size up front).
//   strict (tolerant = false): stops at the first damage and returns it, the pixels then unusable;
//   tolerant: CRC and zlib checksum mismatches are passed over, and a decode that fails part-way
//             keeps the rows it has, the rest grey; damage holds the first problem met.
// Throws SourceError naming `what` for a file that cannot be decoded at all (not a PNG, a broken
// header, cut before its image data).
DecodedPixels decodePng(const unsigned char* data, std::size_t size, int width, int height, const std::string& what,
                        bool tolerant);

}  // namespace kc
