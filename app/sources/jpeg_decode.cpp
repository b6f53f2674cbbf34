#include "app/sources/jpeg_decode.hpp"

#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <vector>
// jpeglib.h needs FILE and size_t declared first.
#include <jerror.h>
#include <jpeglib.h>

#include "app/sources/frame_source.hpp"
#include "gpu/pipeline/frame_ops.hpp"

namespace kc {

namespace {

// libjpeg reports through callbacks; an error leaves by longjmp (no C++ exception may cross its C
// frames), so the functions that call it hold only plain data between setjmp and the longjmp.
struct ErrorManager {
  jpeg_error_mgr pub;
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX];  // the fatal error, if any
  char warning[JMSG_LENGTH_MAX];  // the first corrupt-data warning, if any
  int warningCode;
};

// Warnings that say the image data itself is damaged (the decoder then fills in grey): libjpeg's
// "Corrupt JPEG data: ..." family (bad Huffman or arithmetic code, premature end of a segment,
// extraneous bytes, a missing restart marker), a file that ends early, a broken progression. The
// others (an unknown JFIF revision or Adobe transform, a bad ICC profile) do not touch pixels.
// By text as well as code: the arithmetic-coding codes exist only in some libjpeg builds.
bool isCorruptDataWarning(int code, const char* message) {
  if (code == JWRN_BOGUS_ICC) return false;
  if (code == JWRN_JPEG_EOF || code == JWRN_BOGUS_PROGRESSION || code == JWRN_NOT_SEQUENTIAL) return true;
  return std::strncmp(message, "Corrupt JPEG data", 17) == 0;
}

void onError(j_common_ptr info) {
  auto* errors = reinterpret_cast<ErrorManager*>(info->err);
  info->err->format_message(info, errors->message);
  std::longjmp(errors->jump, 1);
}

// Level -1 is a warning; higher levels are trace messages. Nothing is printed: the caller decides.
void onMessage(j_common_ptr info, int level) {
  auto* errors = reinterpret_cast<ErrorManager*>(info->err);
  if (level != -1) return;
  ++info->err->num_warnings;
  if (errors->warningCode != 0) return;  // the first one is reported
  char message[JMSG_LENGTH_MAX];
  info->err->format_message(info, message);
  if (!isCorruptDataWarning(info->err->msg_code, message)) return;
  errors->warningCode = info->err->msg_code;
  std::memcpy(errors->warning, message, sizeof message);
}

void installErrors(jpeg_decompress_struct& info, ErrorManager& errors) {
  info.err = jpeg_std_error(&errors.pub);
  errors.pub.error_exit = onError;
  errors.pub.emit_message = onMessage;
  errors.message[0] = errors.warning[0] = '\0';
  errors.warningCode = 0;
}

// Where the pixels go: RGBA8 rows of `pitch` bytes, with a row of `width * 4` bytes for CMYK.
struct PixelTarget {
  unsigned char* rgba;
  std::size_t pitch;
  unsigned char* cmykRow;
};

// The header into *header; with a target, the pixels too. Returns false with errors.message set.
bool decode(const unsigned char* data, std::size_t size, JpegHeader* header, const PixelTarget* target,
            ErrorManager& errors) {
  jpeg_decompress_struct info{};
  installErrors(info, errors);
  if (setjmp(errors.jump)) {
    jpeg_destroy_decompress(&info);
    return false;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, data, static_cast<unsigned long>(size));
  jpeg_read_header(&info, TRUE);
  header->width = static_cast<int>(info.image_width);
  header->height = static_cast<int>(info.image_height);
  if (target) {
    const bool cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    while (info.output_scanline < info.output_height) {
      unsigned char* row = target->rgba + static_cast<std::size_t>(info.output_scanline) * target->pitch;
      JSAMPROW rows[1] = {cmyk ? target->cmykRow : row};
      jpeg_read_scanlines(&info, rows, 1);
      if (!cmyk) continue;
      // As OpenCV converts (Adobe's inverted CMYK): channel = k - (255 - c) k / 256.
      const unsigned char* in = target->cmykRow;
      for (JDIMENSION x = 0; x < info.output_width; ++x) {
        const int c = in[4 * x], m = in[4 * x + 1], y = in[4 * x + 2], k = in[4 * x + 3];
        row[4 * x] = static_cast<unsigned char>(k - ((255 - c) * k >> 8));
        row[4 * x + 1] = static_cast<unsigned char>(k - ((255 - m) * k >> 8));
        row[4 * x + 2] = static_cast<unsigned char>(k - ((255 - y) * k >> 8));
        row[4 * x + 3] = 255;
      }
    }
    jpeg_finish_decompress(&info);
  }
  jpeg_destroy_decompress(&info);
  return true;
}

DecodeDamage damageOf(const ErrorManager& errors) {
  const std::string detail = std::string("libjpeg: \"") + errors.warning + "\"";
  if (errors.warningCode == JWRN_JPEG_EOF)
    return {DecodeDamage::Kind::Truncated, "the file ends before the image does; " + detail, ""};
  return {DecodeDamage::Kind::Corrupt, detail, "the damaged part would be painted grey"};
}

}  // namespace

bool looksLikeJpeg(const unsigned char* data, std::size_t size) {
  return size >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF;
}

JpegHeader readJpegHeader(const unsigned char* data, std::size_t size, const std::string& what) {
  ErrorManager errors;
  JpegHeader header;
  if (!decode(data, size, &header, nullptr, errors))
    throw SourceError(what + ": could not be decoded (libjpeg: \"" + errors.message + "\")");
  return header;
}

DecodedPixels decodeJpeg(const unsigned char* data, std::size_t size, const JpegHeader& header,
                         const std::string& what) {
  DecodedPixels out;
  out.frame = makeHostFrame(PixelFormat::Rgba8, header.width, header.height);
  std::vector<unsigned char> cmykRow(static_cast<std::size_t>(header.width) * 4);
  ErrorManager errors;
  const PixelTarget target{out.frame.rgba.bytes(), out.frame.pitch(), cmykRow.data()};
  JpegHeader decoded;
  if (!decode(data, size, &decoded, &target, errors))
    throw SourceError(what + ": could not be decoded (libjpeg: \"" + errors.message + "\")");
  if (errors.warningCode != 0) out.damage = damageOf(errors);
  return out;
}

}  // namespace kc
