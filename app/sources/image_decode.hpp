#pragma once
// Encoded image bytes -> an RGBA8 frame: PNG through libpng, JPEG through libjpeg (both directly,
// so that their warnings about damaged data are seen), other formats as OpenCV decodes them. The
// one decode path of ImageSource, kept apart from the file checks so the fuzzer can feed it bytes
// directly; and the one place where a decoder's damage report becomes an error or, lenient, a warning.
#include <string>
#include <vector>

#include "gpu/pipeline/host_frame.hpp"

namespace kc {

struct DecodeOptions {
  // Decode despite damage the decoder reports (a cut file, corrupt data, a checksum that does not
  // match): what the data does not give comes out grey. Off: such an image is refused, naming it.
  bool lenient = false;
};

struct DecodedImage {
  HostFrame frame;
  // Lenient only: the damage the image was decoded despite, one line naming the input; else empty.
  std::string warning;
  // The decoder's remarks that do not touch the pixels, as the library would print them
  // ("libpng warning: iCCP: known incorrect sRGB profile"): for --verbose only.
  std::vector<std::string> decoderMessages;
};

// Throws SourceError naming `what` when the bytes do not decode, carry damage (unless lenient), or
// the image is empty, declares a size outside frame_limits.hpp or larger than the memory available
// (PNG and JPEG: checked from the header, before decoding), or has an unsupported depth or
// channel count.
DecodedImage decodeImageBytes(const std::vector<unsigned char>& bytes, const std::string& what,
                              const DecodeOptions& options = {});

}  // namespace kc
