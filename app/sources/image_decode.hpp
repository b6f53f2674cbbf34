#pragma once
// Encoded image bytes (PNG, JPEG, ... as OpenCV decodes them) -> an RGBA8 frame. The one decode
// path of ImageSource, kept apart from the file checks so the fuzzer can feed it bytes directly.
#include <string>
#include <vector>

#include "gpu/pipeline/host_frame.hpp"

namespace kc {

// Throws SourceError naming `what` when the bytes do not decode (truncated, corrupt) or the
// image is empty, too large (frame_limits.hpp) or of an unsupported depth or channel count.
HostFrame decodeImageBytes(const std::vector<unsigned char>& bytes, const std::string& what);

}  // namespace kc
