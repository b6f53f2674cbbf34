#pragma once
// Small host-side helpers around HostFrame shared by the pipelines and the sources.
#include "gpu/pipeline/host_frame.hpp"

namespace kc {

// Seconds on the steady clock: HostFrame::timestampSeconds and latency use this one clock.
double steadyNowSeconds();

// RGBA copy of a frame (grey g -> g,g,g,255); an RGBA frame is returned as is. The view's
// original buffer and the live paths take RGBA.
HostFrame toRgbaFrame(const HostFrame& frame);

// A frame of `format` and size with tightly packed rows (contents uninitialised: zero).
HostFrame makeHostFrame(PixelFormat format, int width, int height);

}  // namespace kc
