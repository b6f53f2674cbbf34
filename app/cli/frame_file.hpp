#pragma once
// Writing a pipeline result to an image file (PNG for the CLI): grey as 1 channel, RGBA as 4.
#include <string>

#include "gpu/pipeline/host_frame.hpp"

namespace kc {

// Throws SourceError naming the path and the reason when the file cannot be written.
void writeFrameFile(const HostFrame& frame, const std::string& path);

}  // namespace kc
