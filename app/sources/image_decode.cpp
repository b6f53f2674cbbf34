#include "app/sources/image_decode.hpp"

#include <algorithm>
#include <cmath>
#include <opencv2/imgcodecs.hpp>

#include "app/sources/frame_source.hpp"
#include "app/sources/jpeg_decode.hpp"
#include "app/sources/mat_to_frame.hpp"
#include "app/sources/png_decode.hpp"
#include "gpu/core/memory_budget.hpp"
#include "gpu/core/message_text.hpp"
#include "gpu/pipeline/frame_limits.hpp"

namespace kc {

namespace {

struct DeclaredSize {
  long long width = 0, height = 0;
  int bitsPerPixel = 32;  // of the file's own rows (PNG)
};

// A PNG's IHDR (always the first chunk) gives its size: width and height big-endian at 16 and 20,
// then the bit depth and the colour type.
bool pngDeclaredSize(const std::vector<unsigned char>& bytes, DeclaredSize* size) {
  if (bytes.size() < 26 || !std::equal(bytes.begin() + 12, bytes.begin() + 16, "IHDR")) return false;
  auto be32 = [&](std::size_t at) {
    return (static_cast<long long>(bytes[at]) << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3];
  };
  size->width = be32(16);
  size->height = be32(20);
  const int colourType = bytes[25];
  const int samples = colourType == 2 ? 3 : colourType == 4 ? 2 : colourType == 6 ? 4 : 1;  // 0 grey, 3 palette
  size->bitsPerPixel = samples * std::max<int>(bytes[24], 1);  // a depth of 0 is libpng's to refuse
  return true;
}

// The header is a claim, not a fact: deflate compresses at most about 1032:1, so a file far too
// small for the rows it declares (a 200-byte PNG of 16384x16384) is refused before its frame is
// allocated, lenient or not: there is nothing to decode "despite" the damage.
void requirePlausiblePngSize(const DeclaredSize& size, std::size_t fileBytes, const std::string& what) {
  const double rowBytes = std::ceil(static_cast<double>(size.width) * size.bitsPerPixel / 8.0) + 1;  // + filter byte
  const double dataBytes = rowBytes * static_cast<double>(size.height);
  constexpr double kDeflateBest = 1032, kSlack = 1024;
  if (static_cast<double>(fileBytes) * kDeflateBest + kSlack * kDeflateBest >= dataBytes) return;
  throw SourceError(what + ": truncated PNG or a wrong header (" + std::to_string(size.width) + "x" +
                    std::to_string(size.height) + " declared: " + formatBytes(dataBytes) + " of rows, which " +
                    std::to_string(fileBytes) + " bytes cannot hold even at deflate's best compression)");
}

// The declared size against the frame rule and the memory available for the RGBA8 frame, before
// any pixel exists: the same message as any other size problem (matToRgbaFrame's).
void admit(const DeclaredSize& size, const std::string& what) {
  if (!frameSizeAllowed(size.width, size.height))
    throw SourceError(what + ": " + frameSizeProblem(size.width, size.height));
  const double bytes = static_cast<double>(size.width) * static_cast<double>(size.height) * 4;
  try {
    requireMemory("a " + std::to_string(size.width) + "x" + std::to_string(size.height) + " image", {bytes, 0});
  } catch (const OutOfMemory& e) {
    throw SourceError(what + ": " + e.what());
  }
}

std::string damageText(const std::string& format, const DecodeDamage& damage) {
  if (damage.kind == DecodeDamage::Kind::Truncated) return "truncated " + format + " (" + damage.detail + ")";
  return "corrupt " + format + " data (" + damage.detail + "; " + damage.effect + ")";
}

// Damage is an error unless lenient, then a warning: either way one line in kernelcam's words.
DecodedImage accept(DecodedPixels pixels, const std::string& format, const std::string& library,
                    const std::string& what, bool lenient) {
  DecodedImage image;
  image.frame = std::move(pixels.frame);
  for (const std::string& message : pixels.messages) image.decoderMessages.push_back(library + " warning: " + message);
  if (!pixels.damage) return image;
  const std::string text = what + ": " + damageText(format, pixels.damage);
  const bool truncated = pixels.damage.kind == DecodeDamage::Kind::Truncated;
  if (!lenient) throw SourceError(text + "; --lenient decodes " + (truncated ? "what is there" : "it anyway"));
  image.warning = text + "; decoded anyway (--lenient)";
  return image;
}

DecodedImage decodePngBytes(const std::vector<unsigned char>& bytes, const std::string& what, bool lenient) {
  DeclaredSize declared;
  if (!pngDeclaredSize(bytes, &declared))
    throw SourceError(what + ": could not be decoded (the PNG ends before its header, or the header is not first)");
  admit(declared, what);
  requirePlausiblePngSize(declared, bytes.size(), what);
  const int width = static_cast<int>(declared.width), height = static_cast<int>(declared.height);
  DecodedPixels strict = decodePng(bytes.data(), bytes.size(), width, height, what, false);
  if (!strict.damage || !lenient) return accept(std::move(strict), "PNG", "libpng", what, lenient);
  // The strict pass stopped at the first damage; the tolerant one goes as far as the data does.
  DecodedPixels tolerant = decodePng(bytes.data(), bytes.size(), width, height, what, true);
  tolerant.damage = strict.damage;  // the first problem, as the strict pass met it
  return accept(std::move(tolerant), "PNG", "libpng", what, lenient);
}

}  // namespace

DecodedImage decodeImageBytes(const std::vector<unsigned char>& bytes, const std::string& what,
                              const DecodeOptions& options) {
  if (bytes.empty()) throw SourceError(what + ": the file is empty (0 bytes)");
  if (looksLikePng(bytes.data(), bytes.size())) return decodePngBytes(bytes, what, options.lenient);
  if (looksLikeJpeg(bytes.data(), bytes.size())) {
    const JpegHeader header = readJpegHeader(bytes.data(), bytes.size(), what);
    admit({header.width, header.height}, what);
    return accept(decodeJpeg(bytes.data(), bytes.size(), header, what), "JPEG", "libjpeg", what, options.lenient);
  }
  // OpenCV's DICOM reader (GDCM, in Debian's build) fails an assertion, aborting the process, on a
  // damaged file where every other decoder returns an error (found by fuzzing). DICOM, a medical
  // format no camera or image editor writes, is refused by its signature instead.
  if (bytes.size() >= 132 && std::equal(bytes.begin() + 128, bytes.begin() + 132, "DICM"))
    throw SourceError(what +
                      ": a DICOM file, which kernelcam does not read (OpenCV's DICOM reader aborts on damaged "
                      "ones)");
  cv::Mat mat;
  try {
    mat = cv::imdecode(bytes, cv::IMREAD_UNCHANGED);
  } catch (const cv::Exception& e) {
    // e.err alone: e.msg adds OpenCV's source path and a line break.
    throw SourceError(what + ": could not be decoded (OpenCV: " + e.err + ")");
  }
  if (mat.empty()) throw SourceError(what + ": could not be decoded (truncated or corrupt file)");
  DecodedImage image;
  image.frame = matToRgbaFrame(mat, what);
  return image;
}

}  // namespace kc
