#pragma once
// Packed YUYV 4:2:2 (Y0 U Y1 V per pixel pair), BT.601 limited range (Y 16..235, U/V 16..240):
// what video-call apps expect from a v4l2loopback camera. OpenCV 4.6 decodes YUYV
// (COLOR_YUV2RGB_YUYV, the same BT.601 limited range) but has no encoder, hence these few lines.
#include <cstdint>
#include <vector>

#include <opencv2/core.hpp>

namespace kc {

// Bytes of one YUYV frame: the width is rounded up to even (a pixel pair shares U and V; an odd
// last column is paired with itself).
std::size_t yuyvFrameBytes(int width, int height);
inline int yuyvWidth(int width) { return width + (width & 1); }

// Grey (CV_8UC1: Y = the grey level scaled to 16..235, U = V = 128) or RGBA (CV_8UC4, RGBA order)
// -> YUYV, rows top to bottom, pitch 2 * yuyvWidth(width). `out` is resized to yuyvFrameBytes.
// Throws kc::InvalidArgument for other types or an empty image.
void toYuyv(const cv::Mat& image, std::vector<std::uint8_t>& out);

}  // namespace kc
