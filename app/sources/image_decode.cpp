#include "app/sources/image_decode.hpp"

#include <opencv2/imgcodecs.hpp>

#include "app/sources/frame_source.hpp"
#include "app/sources/jpeg_decode.hpp"
#include "app/sources/mat_to_frame.hpp"
#include "gpu/core/memory_budget.hpp"
#include "gpu/pipeline/frame_limits.hpp"

namespace kc {

namespace {

struct DeclaredSize {
  long long width = 0, height = 0;
  int bytesPerPixel = 4;  // of the decoder's own buffer, before the RGBA8 frame
};

// A PNG's IHDR (always the first chunk) gives its size: width and height big-endian at 16 and 20.
bool pngDeclaredSize(const std::vector<unsigned char>& bytes, DeclaredSize* size) {
  static const unsigned char signature[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  if (bytes.size() < 26 || !std::equal(signature, signature + 8, bytes.begin())) return false;
  if (!std::equal(bytes.begin() + 12, bytes.begin() + 16, "IHDR")) return false;
  auto be32 = [&](std::size_t at) {
    return (static_cast<long long>(bytes[at]) << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3];
  };
  size->width = be32(16);
  size->height = be32(20);
  const int bitDepth = bytes[24], colourType = bytes[25];
  const int channels = colourType == 0 ? 1 : colourType == 4 ? 2 : colourType == 6 ? 4 : 3;
  size->bytesPerPixel = channels * (bitDepth == 16 ? 2 : 1);
  return true;
}

// The declared size against the frame rule and the memory available, before any pixel exists:
// the same message as any other size problem (matToRgbaFrame's).
void admit(const DeclaredSize& size, const std::string& what, bool decoderBuffer) {
  if (!frameSizeAllowed(size.width, size.height)) throw SourceError(what + ": " + frameSizeProblem(size.width, size.height));
  const double pixels = static_cast<double>(size.width) * static_cast<double>(size.height);
  // The RGBA8 frame, and where OpenCV decodes, its own buffer and an 8-bit copy beside it.
  const double bytes = pixels * 4 + (decoderBuffer ? pixels * (size.bytesPerPixel + 4) : 0);
  try {
    requireMemory("a " + std::to_string(size.width) + "x" + std::to_string(size.height) + " image", {bytes, 0});
  } catch (const OutOfMemory& e) {
    throw SourceError(what + ": " + e.what());
  }
}

}  // namespace

HostFrame decodeImageBytes(const std::vector<unsigned char>& bytes, const std::string& what,
                           const DecodeOptions& options) {
  if (bytes.empty()) throw SourceError(what + ": the file is empty (0 bytes)");
  if (looksLikeJpeg(bytes.data(), bytes.size())) {
    const JpegHeader header = readJpegHeader(bytes.data(), bytes.size(), what);
    admit({header.width, header.height, 4}, what, false);
    return decodeJpeg(bytes.data(), bytes.size(), header, what, options.lenient);
  }
  DeclaredSize declared;
  if (pngDeclaredSize(bytes, &declared)) admit(declared, what, true);
  cv::Mat mat;
  try {
    mat = cv::imdecode(bytes, cv::IMREAD_UNCHANGED);
  } catch (const cv::Exception& e) {
    // e.err alone: e.msg adds OpenCV's source path and a line break.
    throw SourceError(what + ": could not be decoded (OpenCV: " + e.err + ")");
  }
  if (mat.empty()) throw SourceError(what + ": could not be decoded (truncated or corrupt file)");
  return matToRgbaFrame(mat, what);
}

}  // namespace kc
