#pragma once
// Writing a pipeline result to an image file (PNG for the CLI): grey as 1 channel, RGBA as 4.
#include <string>

#include "gpu/pipeline/host_frame.hpp"

namespace kc {

// Throws SourceError naming the path and the reason when the file cannot be written; a failed
// write leaves no partial file behind (and an existing file at `path` untouched).
void writeFrameFile(const HostFrame& frame, const std::string& path);

}  // namespace kc
