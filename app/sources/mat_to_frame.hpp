#pragma once
// cv::Mat as decoded by OpenCV (grey, BGR, BGRA; 8/16-bit or float) -> an RGBA8 HostFrame.
#include <opencv2/core.hpp>
#include <string>

#include "gpu/pipeline/frame_pool.hpp"
#include "gpu/pipeline/host_frame.hpp"

namespace kc {

// Throws SourceError naming `what` for empty, too large (frame_limits.hpp) or unsupported images
// (channel count, depth). The conversion writes straight into a frame of `pool` (one counted pass,
// frame_ops.hpp: hostFrameCopies); without a pool, into a frame of its own.
HostFrame matToRgbaFrame(const cv::Mat& mat, const std::string& what, FramePool& pool);
HostFrame matToRgbaFrame(const cv::Mat& mat, const std::string& what);

// The frame as a cv::Mat header over its pixels (no copy): CV_8UC1, or CV_8UC4 (RGBA or BGRA
// order). Not for YUV frames (InvalidArgument).
cv::Mat frameAsMat(HostFrame& frame);
cv::Mat frameAsMat(const HostFrame& frame);  // read only by convention

}  // namespace kc
