#pragma once
// Encoded image bytes (PNG, JPEG, ... as OpenCV decodes them; JPEG through libjpeg) -> an RGBA8
// frame. The one decode path of ImageSource, kept apart from the file checks so the fuzzer can
// feed it bytes directly.
#include <string>
#include <vector>

#include "gpu/pipeline/host_frame.hpp"

namespace kc {

struct DecodeOptions {
  // Decode despite the decoder's corrupt-data warnings (a cut or damaged JPEG: its missing part
  // comes out grey). Off: such an image is refused, naming the warning.
  bool lenient = false;
};

// Throws SourceError naming `what` when the bytes do not decode (truncated, corrupt, a decoder
// warning about damaged data), or the image is empty, declares a size outside frame_limits.hpp or
// larger than the memory available (checked before decoding), or has an unsupported depth or
// channel count.
HostFrame decodeImageBytes(const std::vector<unsigned char>& bytes, const std::string& what,
                           const DecodeOptions& options = {});

}  // namespace kc
