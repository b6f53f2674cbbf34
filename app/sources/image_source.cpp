#include "app/sources/image_source.hpp"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <vector>
#include <opencv2/imgcodecs.hpp>

#include "app/diagnostics/stderr_noise.hpp"
#include "app/sources/image_decode.hpp"
#include "gpu/core/input_file.hpp"
#include "gpu/pipeline/frame_ops.hpp"
#include "gpu/core/message_text.hpp"

namespace kc {

void requireReadableFile(const std::string& path, const std::string& what) {
  if (const std::string why = unreadableInputReason(path); !why.empty()) throw SourceError(what + ": " + why);
}

ImageSource::ImageSource(const std::string& path, const DecodeOptions& options) : path_(path) {
  const std::string what = "image:" + path;
  requireReadableFile(path, what);
  // haveImageReader looks at the first bytes: a text file named .png fails here, not in a decoder.
  if (!cv::haveImageReader(path))
    throw SourceError(what + ": not an image format OpenCV can read (the file's first bytes match no decoder)");
  std::ifstream file(path, std::ios::binary);
  const std::vector<unsigned char> bytes{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  if (!file.good() && !file.eof()) throw SourceError(what + ": read error");
  // What OpenCV's decoders of other formats print is filtered by its own hooks (quiet_output.hpp).
  DecodedImage decoded = decodeImageBytes(bytes, what, options);
  image_ = std::move(decoded.frame);
  warning_ = std::move(decoded.warning);
  // libpng's and libjpeg's own remarks (a colour profile they ignore): for --verbose only.
  if (verboseOutput())
    for (const std::string& message : decoded.decoderMessages)
      std::fprintf(stderr, "%s\n", printableText(message).c_str());
}

void ImageSource::setFramePool(std::shared_ptr<FramePool> pool) {
  FrameSource::setFramePool(std::move(pool));
  image_ = cloneFrame(image_, framePool());
}

HostFrame ImageSource::next() {
  HostFrame frame = image_;  // shares the decoded picture: no copy per frame
  frame.index = next_++;
  frame.timestampSeconds = steadyNowSeconds();
  return frame;
}

}  // namespace kc
