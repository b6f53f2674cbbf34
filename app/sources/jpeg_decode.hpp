#pragma once
// JPEG through libjpeg directly (not cv::imdecode): libjpeg decodes corrupt or cut data without an
// error, only printing a warning and painting the damage grey, and OpenCV gives the caller no way
// to see that warning. Here every "corrupt data" warning is caught and handed back as damage
// (image_decode.cpp refuses the image unless lenient); the declared size is known before a pixel
// is allocated.
#include <cstddef>
#include <string>

#include "app/sources/decoded_pixels.hpp"

namespace kc {

struct JpegHeader {
  int width = 0, height = 0;
};

// True when the bytes start like a JPEG (SOI marker).
bool looksLikeJpeg(const unsigned char* data, std::size_t size);

// Reads the header only. Throws SourceError naming `what` when it cannot be read.
JpegHeader readJpegHeader(const unsigned char* data, std::size_t size, const std::string& what);

// Decodes to RGBA8 (grey -> g,g,g; CMYK as OpenCV converts it; alpha 255). The first corrupt-data
// warning (premature end, bad Huffman code, extraneous bytes, ...) comes back as the damage, with
// the pixels libjpeg made anyway (the damaged part grey). Throws SourceError naming `what` when
// libjpeg gives up. `header` is readJpegHeader's answer, after the caller checked the size.
DecodedPixels decodeJpeg(const unsigned char* data, std::size_t size, const JpegHeader& header,
                         const std::string& what);

}  // namespace kc
