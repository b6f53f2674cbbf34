#pragma once
// Camera formats as plain data, and the choice among them: what a camera lists (resolution,
// frame-rate range, pixel format), what the user asks for (--camera-format WxH[@FPS][:PIXFMT],
// Source > Camera, the remembered choice) and which listed format answers the request. Qt-free,
// so the choice is unit-tested without a camera; camera_source.cpp converts QCameraFormat.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kc {

struct CameraFormatInfo {
  int width = 0, height = 0;
  double minFps = 0, maxFps = 0;
  std::string pixelFormat;  // Qt's name: "YUYV", "Jpeg", "NV12", ...
};

// Empty fields mean "any". An empty request asks for the default (chooseCameraFormat).
struct CameraFormatRequest {
  int width = 0, height = 0;
  double fps = 0;
  std::string pixelFormat;  // any spelling pixelFormatsMatch accepts ("MJPG", "jpeg", "YUY2")
  bool empty() const { return width == 0 && height == 0 && fps == 0 && pixelFormat.empty(); }
  bool operator==(const CameraFormatRequest&) const = default;
};

// Frame rates within this of a target count as reaching it: cameras list 29.97 for "30".
inline constexpr double kFpsTolerance = 0.5;
// The default asks for the largest resolution that still runs at this rate.
inline constexpr double kDefaultMinimumFps = 30;

// "1280x720", "1280x720@30", "1920x1080@60:MJPG", "640x480:YUYV"; nothing for anything else
// (sizes 1..kMaxFrameSide, a rate in (0, 1000], a pixel format of letters and digits).
std::optional<CameraFormatRequest> parseCameraFormat(std::string_view text);
// The same syntax back ("" for the empty request).
std::string formatCameraFormat(const CameraFormatRequest& request);

// "1920x1080 @ 30 fps (Jpeg)", "640x480 @ 5-30 fps (YUYV)": for menus and `kernelcam devices`.
std::string describeCameraFormat(const CameraFormatInfo& format);
// The request that selects exactly this format (its maximum rate, as QCamera runs it).
CameraFormatRequest requestFor(const CameraFormatInfo& format);

// Case-insensitive, with the V4L2 / FourCC aliases people type: MJPG and MJPEG are Qt's Jpeg,
// YUY2 is YUYV.
bool pixelFormatsMatch(std::string_view listed, std::string_view requested);

// The index of the listed format that best answers the request, or -1 when the list is empty.
// Empty request: the largest resolution at >= 30 frames/s (the fastest format when none reaches
// 30), ties to the higher frame rate. A request: its pixel format first, then the nearest
// resolution (exact when listed), then a frame-rate range that holds the asked rate (else the
// nearest rate); what the request leaves open goes to the largest and fastest.
int chooseCameraFormat(const std::vector<CameraFormatInfo>& formats, const CameraFormatRequest& request);

}  // namespace kc
