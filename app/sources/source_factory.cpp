#include "app/sources/source_factory.hpp"

#include <charconv>

#include "app/sources/camera_source.hpp"
#include "app/sources/image_sequence.hpp"
#include "app/sources/image_source.hpp"
#include "app/sources/pattern_source.hpp"
#include "app/sources/video_source.hpp"
#include "gpu/core/file_kind.hpp"
#include "gpu/core/message_text.hpp"
#include "gpu/core/text.hpp"
#include "gpu/pipeline/frame_limits.hpp"

namespace kc {

namespace {
constexpr const char* kForms =
    "camera[:N], pattern, image:PATH, video:PATH, sequence:PATTERN or an image or video file (photo.jpg, clip.mp4)";

bool parseInt(std::string_view text, int* value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *value);
  return !text.empty() && ec == std::errc() && end == text.data() + text.size();
}
}  // namespace

SourceSpec parseSourceSpec(std::string_view text) {
  const std::string quoted = kc::quotedText(text, 120);
  const std::size_t colon = text.find(':');
  const std::string_view kind = text.substr(0, colon);
  const std::string_view rest = colon == std::string_view::npos ? std::string_view{} : text.substr(colon + 1);
  SourceSpec spec;
  if (kind == "camera") {
    spec.kind = SourceKind::Camera;
    if (colon != std::string_view::npos && (!parseInt(rest, &spec.cameraIndex) || spec.cameraIndex < 0))
      throw SourceError("--source " + quoted + ": the camera index must be a number >= 0 (camera:0)");
  } else if (kind == "pattern") {
    spec.kind = SourceKind::Pattern;
    if (colon != std::string_view::npos)
      throw SourceError("--source " + quoted + ": pattern takes no argument (use --size WxH)");
  } else if (kind == "image" || kind == "video" || kind == "sequence") {
    spec.kind = kind == "image" ? SourceKind::Image : SourceKind::Video;
    spec.sequence = kind == "sequence";
    spec.path = std::string(rest);
    if (spec.path.empty()) throw SourceError("--source " + quoted + ": missing path (" + std::string(kind) + ":PATH)");
  } else if (text.empty()) {
    throw SourceError(std::string("--source: empty (expected ") + kForms + ")");
  } else if (const FileKind file = fileKindOf(text); file == FileKind::Image || file == FileKind::Video) {
    // A bare file name (--source photo.jpg): an image or a video by its suffix, as the window's
    // File menu and drag and drop decide.
    spec.kind = file == FileKind::Image ? SourceKind::Image : SourceKind::Video;
    spec.path = std::string(text);
  } else {
    throw SourceError("--source " + quoted + ": unknown source " + kc::quotedText(kind, 40) + " (expected " + kForms +
                      ")");
  }
  return spec;
}

std::string formatSourceSpec(const SourceSpec& spec) {
  switch (spec.kind) {
    case SourceKind::Camera:
      return "camera:" + std::to_string(spec.cameraIndex);
    case SourceKind::Image:
      return "image:" + spec.path;
    case SourceKind::Video:
      return (spec.sequence ? "sequence:" : "video:") + spec.path;
    case SourceKind::Pattern:
      break;
  }
  return "pattern";
}

std::unique_ptr<FrameSource> makeSource(const SourceSpec& spec, const SourceOptions& options) {
  switch (spec.kind) {
    case SourceKind::Camera: {
      CameraRequest request;
      request.index = spec.cameraIndex;
      request.format = options.cameraFormat;
      return std::make_unique<CameraSource>(request);
    }
    case SourceKind::Image:
      return std::make_unique<ImageSource>(spec.path, DecodeOptions{options.lenient});
    case SourceKind::Video:
      return std::make_unique<VideoSource>(spec.path, VideoOptions{options.loopVideo, spec.sequence, options.lenient});
    case SourceKind::Pattern:
      break;
  }
  return std::make_unique<PatternSource>(options.patternWidth, options.patternHeight, options.patternFps,
                                         options.patternFormat);
}

std::vector<std::string> sourceInputFiles(const SourceSpec& spec) {
  switch (spec.kind) {
    case SourceKind::Image:
      return {spec.path};
    case SourceKind::Video:
      return spec.sequence ? sequenceFrameFiles(spec.path) : std::vector<std::string>{spec.path};
    case SourceKind::Camera:
    case SourceKind::Pattern:
      break;
  }
  return {};
}

bool parseFrameSize(std::string_view text, int* width, int* height) {
  int w = 0, h = 0;
  if (!parseWxH(text, &w, &h) || !frameSizeAllowed(w, h)) return false;
  *width = w;
  *height = h;
  return true;
}

}  // namespace kc
