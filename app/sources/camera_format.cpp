#include "app/sources/camera_format.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <tuple>

#include "app/sources/source_factory.hpp"

namespace kc {

namespace {

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// FourCC / V4L2 spellings -> Qt's pixel format names (upper case).
std::string canonicalPixelFormat(std::string_view name) {
  const std::string text = upper(name);
  if (text == "MJPG" || text == "MJPEG" || text == "JPG") return "JPEG";
  if (text == "YUY2") return "YUYV";
  return text;
}

std::string formatRate(double fps) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", fps);
  return text;
}

bool reaches(double fps, double target) { return fps >= target - kFpsTolerance; }

// How far a format's rate range lies from the asked rate (0 when it holds it).
double rateMiss(const CameraFormatInfo& format, double fps) {
  if (fps <= 0) return 0;
  if (fps < format.minFps - kFpsTolerance) return format.minFps - fps;
  if (fps > format.maxFps + kFpsTolerance) return fps - format.maxFps;
  return 0;
}

long long area(const CameraFormatInfo& format) { return static_cast<long long>(format.width) * format.height; }

// The default: the largest resolution at >= 30 fps; when none is that fast, the fastest.
int chooseDefault(const std::vector<CameraFormatInfo>& formats, const std::vector<int>& among) {
  double fastest = 0;
  for (int i : among) fastest = std::max(fastest, formats[i].maxFps);
  const double floor = std::min(kDefaultMinimumFps, fastest);
  int best = -1;
  for (int i : among) {
    if (!reaches(formats[i].maxFps, floor)) continue;
    if (best < 0 || std::make_tuple(area(formats[i]), formats[i].maxFps) >
                        std::make_tuple(area(formats[best]), formats[best].maxFps))
      best = i;
  }
  return best;
}

}  // namespace

std::optional<CameraFormatRequest> parseCameraFormat(std::string_view text) {
  CameraFormatRequest request;
  const std::size_t colon = text.find(':');
  if (colon != std::string_view::npos) {
    const std::string_view pixel = text.substr(colon + 1);
    if (pixel.empty() || pixel.size() > 16 ||
        !std::all_of(pixel.begin(), pixel.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)); }))
      return std::nullopt;
    request.pixelFormat = std::string(pixel);
    text = text.substr(0, colon);
  }
  const std::size_t at = text.find('@');
  if (at != std::string_view::npos) {
    const std::string_view rate = text.substr(at + 1);
    const auto [end, ec] = std::from_chars(rate.data(), rate.data() + rate.size(), request.fps);
    if (rate.empty() || ec != std::errc() || end != rate.data() + rate.size() || !(request.fps > 0) ||
        request.fps > 1000)
      return std::nullopt;
    text = text.substr(0, at);
  }
  if (!parseFrameSize(text, &request.width, &request.height)) return std::nullopt;
  return request;
}

std::string formatCameraFormat(const CameraFormatRequest& request) {
  std::string text;
  if (request.width > 0) text = std::to_string(request.width) + "x" + std::to_string(request.height);
  // Appended piece by piece: "@" + std::string trips GCC 12's -Wrestrict false positive.
  if (request.fps > 0) text.append(1, '@').append(formatRate(request.fps));
  if (!request.pixelFormat.empty()) text.append(1, ':').append(request.pixelFormat);
  return text;
}

std::string describeCameraFormat(const CameraFormatInfo& format) {
  std::string rate = formatRate(format.maxFps);
  if (std::abs(format.maxFps - format.minFps) > 0.01 && format.minFps > 0)
    rate = formatRate(format.minFps) + "-" + rate;
  return std::to_string(format.width) + "x" + std::to_string(format.height) + " @ " + rate + " fps (" +
         format.pixelFormat + ")";
}

CameraFormatRequest requestFor(const CameraFormatInfo& format) {
  return {format.width, format.height, format.maxFps, format.pixelFormat};
}

bool pixelFormatsMatch(std::string_view listed, std::string_view requested) {
  return canonicalPixelFormat(listed) == canonicalPixelFormat(requested);
}

int chooseCameraFormat(const std::vector<CameraFormatInfo>& formats, const CameraFormatRequest& request) {
  if (formats.empty()) return -1;
  // A pixel format the camera does not list is a preference that cannot be met: the rest still counts.
  std::vector<int> among;
  for (int i = 0; i < static_cast<int>(formats.size()); ++i)
    if (request.pixelFormat.empty() || pixelFormatsMatch(formats[i].pixelFormat, request.pixelFormat))
      among.push_back(i);
  if (among.empty())
    for (int i = 0; i < static_cast<int>(formats.size()); ++i) among.push_back(i);
  if (request.width == 0 && request.fps == 0) return chooseDefault(formats, among);

  auto cost = [&](int i) {
    const CameraFormatInfo& f = formats[i];
    const long long sizeMiss =
        request.width > 0 ? std::llabs(f.width - request.width) + std::llabs(f.height - request.height) : 0;
    // Smaller is better, in this order; the list order breaks the last ties.
    return std::make_tuple(sizeMiss, rateMiss(f, request.fps), -area(f), -f.maxFps, i);
  };
  return *std::min_element(among.begin(), among.end(), [&](int a, int b) { return cost(a) < cost(b); });
}

}  // namespace kc
