#include "app/sources/image_decode.hpp"

#include <opencv2/imgcodecs.hpp>

#include "app/sources/frame_source.hpp"
#include "app/sources/mat_to_frame.hpp"

namespace kc {

namespace {

// libjpeg decodes a JPEG cut short without an error: it warns and paints the missing rows grey.
// A complete JPEG has its end-of-image marker (FF D9) after the start of its last scan (FF DA);
// neither pair can occur inside entropy-coded data (an FF there is followed by 00), so a file
// without that order was cut off.
bool isTruncatedJpeg(const std::vector<unsigned char>& bytes) {
  if (bytes.size() < 3 || bytes[0] != 0xFF || bytes[1] != 0xD8 || bytes[2] != 0xFF) return false;
  std::size_t lastScan = 0, lastEnd = 0;
  for (std::size_t i = 0; i + 1 < bytes.size(); ++i) {
    if (bytes[i] != 0xFF) continue;
    if (bytes[i + 1] == 0xDA) lastScan = i;
    if (bytes[i + 1] == 0xD9) lastEnd = i;
  }
  return lastScan > 0 && lastEnd < lastScan;
}

}  // namespace

HostFrame decodeImageBytes(const std::vector<unsigned char>& bytes, const std::string& what) {
  if (bytes.empty()) throw SourceError(what + ": the file is empty (0 bytes)");
  if (isTruncatedJpeg(bytes)) throw SourceError(what + ": truncated JPEG (no end-of-image marker after the last scan)");
  cv::Mat mat;
  try {
    mat = cv::imdecode(bytes, cv::IMREAD_UNCHANGED);
  } catch (const cv::Exception& e) {
    throw SourceError(what + ": could not be decoded (" + e.msg + ")");
  }
  if (mat.empty()) throw SourceError(what + ": could not be decoded (truncated or corrupt file)");
  return matToRgbaFrame(mat, what);
}

}  // namespace kc
