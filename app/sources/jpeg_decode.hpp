#pragma once
// JPEG through libjpeg directly (not cv::imdecode): libjpeg decodes corrupt or cut data without an
// error, only printing a warning and painting the damage grey, and OpenCV gives the caller no way
// to see that warning. Here every "corrupt data" warning is caught and, unless the caller is
// lenient, refuses the image; the declared size is known before a pixel is allocated.
#include <cstddef>
#include <string>

#include "gpu/pipeline/host_frame.hpp"

namespace kc {

struct JpegHeader {
  int width = 0, height = 0;
};

// True when the bytes start like a JPEG (SOI marker).
bool looksLikeJpeg(const unsigned char* data, std::size_t size);

// Reads the header only. Throws SourceError naming `what` when it cannot be read.
JpegHeader readJpegHeader(const unsigned char* data, std::size_t size, const std::string& what);

// Decodes to RGBA8 (grey -> g,g,g; CMYK as OpenCV converts it; alpha 255). A corrupt-data warning
// (premature end, bad Huffman code, extraneous bytes, ...) throws SourceError unless `lenient`.
// `header` is readJpegHeader's answer, after the caller checked the size.
HostFrame decodeJpeg(const unsigned char* data, std::size_t size, const JpegHeader& header, const std::string& what,
                     bool lenient);

}  // namespace kc
