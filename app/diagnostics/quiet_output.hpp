#pragma once
// A normal run prints only what the user needs on stderr: the warnings Qt and OpenCV print that
// mean nothing to a user of kernelcam (stderr_noise.hpp lists them) are dropped unless --verbose,
// each through the library's own hook: Qt's message handler, OpenCV's log level, std::cerr's
// buffer (libpng's and libjpeg's callbacks: png_decode.cpp, jpeg_decode.cpp; FFmpeg's
// av_log_set_callback: ffmpeg_log.hpp). No file descriptor is redirected. Everything else passes
// unchanged.
#include "app/diagnostics/stderr_noise.hpp"

namespace kc {

// Installs the Qt message filter, silences OpenCV's own log and filters std::cerr; with verbose,
// Qt, OpenCV and std::cerr keep their defaults. Call once, first thing in main (before any
// QApplication or other thread).
void installQuietOutput(bool verbose);

}  // namespace kc
