#pragma once
// FFmpeg's own log ("[h264 @ 0x...] Invalid NAL unit size", a muxer's remarks) through FFmpeg's
// hook (av_log_set_callback), not through file descriptor 2: printed to stderr with --verbose
// (stderr_noise.hpp), dropped otherwise, whatever level another library (OpenCV) set. What went
// wrong reaches the user as kernelcam's own one line, built from the call's return code.
#include <string>

namespace kc {

// FFmpeg's text for a return code (AVERROR), for kernelcam's own one-line messages.
std::string ffmpegErrorText(int code);

// Installs the callback (once; every user of libav* calls it before its first FFmpeg call).
void routeFfmpegLog();

}  // namespace kc
