#pragma once
// The --source syntax: camera[:N] | pattern | image:PATH | video:PATH | sequence:PATTERN | PATH.
// video:PATH is that one file, whatever characters its name holds; sequence:frame_%04d.png asks
// for numbered images explicitly (read as a video). A bare PATH with an image or video suffix
// (photo.jpg, clip.mp4; gpu/core/file_kind.hpp's list) is image:PATH or video:PATH.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "app/sources/camera_format.hpp"
#include "app/sources/frame_source.hpp"

namespace kc {

enum class SourceKind { Camera, Pattern, Image, Video };

struct SourceSpec {
  SourceKind kind = SourceKind::Pattern;
  int cameraIndex = 0;
  std::string path;       // image, video
  bool sequence = false;  // video: `path` is a printf pattern of numbered images
};

struct SourceOptions {
  int patternWidth = 1280, patternHeight = 720;
  double patternFps = 30;
  PixelFormat patternFormat = PixelFormat::Rgba8;  // --pattern-format: the pattern as a camera format
  CameraFormatRequest cameraFormat;                // empty: the largest resolution at >= 30 fps (camera_format.hpp)
  bool loopVideo = true;                           // false: a video ends (VideoEnded) instead of starting over
  bool lenient = false;  // decode images and videos despite the decoder's corrupt-data warnings
};

// Throws SourceError ("--source: ...") with the accepted forms.
SourceSpec parseSourceSpec(std::string_view text);
std::string formatSourceSpec(const SourceSpec& spec);

// Opens the source; throws SourceError naming the input and the reason.
std::unique_ptr<FrameSource> makeSource(const SourceSpec& spec, const SourceOptions& options = {});

// The files the source reads, for the output guard (app/io/output_file.hpp): the image or video, or
// every frame of a sequence that exists (image_sequence.hpp); none for a camera or the pattern.
// Throws SourceError for a sequence pattern whose number is in a folder of the path.
std::vector<std::string> sourceInputFiles(const SourceSpec& spec);

// "WxH" -> width, height (1..kMaxFrameSide each, frame_limits.hpp); false when malformed or out of range.
bool parseFrameSize(std::string_view text, int* width, int* height);

}  // namespace kc
