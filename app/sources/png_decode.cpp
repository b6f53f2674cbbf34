#include "app/sources/png_decode.hpp"

#include <png.h>

#include <cstdio>
#include <cstring>

#include "app/sources/frame_source.hpp"
#include "gpu/pipeline/frame_ops.hpp"

namespace kc {

namespace {

constexpr std::size_t kMessageLength = 256;
constexpr unsigned char kGrey = 128;  // where a tolerant decode has no data, as libjpeg paints it

enum Problem { kNoProblem, kTruncated, kCorrupt };

// Plain data shared with libpng's callbacks. An error leaves by longjmp (no C++ exception may cross
// libpng's C frames), so what the decode learns lives here, outside the function that calls setjmp.
struct PngSession {
  const unsigned char* data;
  std::size_t size;
  std::size_t at;
  bool tolerant;
  std::vector<std::string>* messages;  // warnings that do not touch the pixels, in libpng's words
  bool headerDone;                     // the header is read and the transforms set: from here on a failure is damage
  bool ranOut;                         // the file ended where libpng wanted more
  bool interlaced;
  int rowsDone;                 // rows of the last pass written
  int problem;                  // the first damage met (Problem)
  char damage[kMessageLength];  // its libpng message
  char error[kMessageLength];   // the fatal error, if any
};

void copyMessage(char* to, const char* from) { std::snprintf(to, kMessageLength, "%s", from); }

// Messages that say the file is damaged: a chunk whose CRC does not match, and anything about the
// image data (a wrong zlib checksum, too much or too little data, data after its end). The others
// (a colour profile libpng ignores, an odd text chunk) do not touch the pixels. Any error once the
// image data is being read counts as damage too (onError).
bool isDamage(const char* message) {
  return std::strstr(message, "CRC error") || std::strncmp(message, "IDAT", 4) == 0 ||
         std::strstr(message, "image data") || std::strstr(message, "compressed data") ||
         std::strstr(message, "data check");
}

void noteProblem(PngSession& s, int problem, const char* message) {
  if (s.problem != kNoProblem) return;
  s.problem = problem;
  copyMessage(s.damage, message);
}

void onRead(png_structp png, png_bytep out, std::size_t length) {
  auto& s = *static_cast<PngSession*>(png_get_io_ptr(png));
  if (s.size - s.at < length) {
    s.ranOut = true;
    if (s.headerDone) noteProblem(s, kTruncated, "the file ends here");
    png_error(png, "the file ends here");
  }
  std::memcpy(out, s.data + s.at, length);
  s.at += length;
}

void onError(png_structp png, png_const_charp message) {
  auto& s = *static_cast<PngSession*>(png_get_error_ptr(png));
  copyMessage(s.error, message);
  if (s.headerDone || isDamage(message)) noteProblem(s, kCorrupt, message);
  png_longjmp(png, 1);
}

// Nothing is printed: damage is the caller's to report, other warnings go to `messages`.
void onWarning(png_structp png, png_const_charp message) {
  auto& s = *static_cast<PngSession*>(png_get_error_ptr(png));
  if (!isDamage(message)) {
    try {
      s.messages->push_back(message);
    } catch (...) {  // out of memory for a remark: drop it rather than unwind through libpng
    }
    return;
  }
  noteProblem(s, kCorrupt, message);
  if (!s.tolerant) png_longjmp(png, 1);  // strict: the first damage ends the decode
}

// Returns true when libpng read the file to its end, or with `rgba` null, its header (every chunk
// before the image data). Between setjmp and a longjmp only plain data changes; the pixels go
// straight into the frame (`rgba`, rows `pitch` bytes apart).
bool readWithLibpng(PngSession& s, unsigned char* rgba, std::size_t pitch, int width, int height) {
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &s, onError, onWarning);
  png_infop info = png ? png_create_info_struct(png) : nullptr;
  if (!info) {
    png_destroy_read_struct(&png, nullptr, nullptr);
    copyMessage(s.error, "out of memory");
    return false;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, &info, nullptr);
    return false;
  }
  png_set_read_fn(png, &s, onRead);
  if (s.tolerant) {
    // Use what the damaged chunks hold and let zlib's checksum pass: decode as far as the data goes.
    png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_WARN_DISCARD);
#ifdef PNG_IGNORE_ADLER32  // libpng 1.6.26 and later
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
  }
  png_read_info(png, info);
  if (png_get_image_width(png, info) != static_cast<png_uint_32>(width) ||
      png_get_image_height(png, info) != static_cast<png_uint_32>(height))
    png_error(png, "the header's size is not the one read before");
  png_set_expand(png);    // palette -> RGB, grey below 8 bits -> 8, tRNS -> alpha
  png_set_scale_16(png);  // round(v / 257), as OpenCV's 16-bit path then matToRgbaFrame gave
  png_set_gray_to_rgb(png);
  png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
  const int passes = png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != static_cast<std::size_t>(width) * 4) png_error(png, "unexpected row layout");
  if (!rgba) {
    png_destroy_read_struct(&png, &info, nullptr);
    return true;
  }
  s.interlaced = passes > 1;
  s.headerDone = true;
  for (int pass = 0; pass < passes; ++pass)
    for (int y = 0; y < height; ++y) {
      png_read_row(png, rgba + static_cast<std::size_t>(y) * pitch, nullptr);
      if (pass == passes - 1) s.rowsDone = y + 1;
    }
  png_read_end(png, nullptr);  // the chunks after the image, IEND's CRC included
  png_destroy_read_struct(&png, &info, nullptr);
  return true;
}

void fillGrey(HostFrame& frame) {
  unsigned char* bytes = frame.rgba.bytes();
  for (int y = 0; y < frame.height(); ++y) {
    unsigned char* row = bytes + static_cast<std::size_t>(y) * frame.pitch();
    std::memset(row, kGrey, static_cast<std::size_t>(frame.width()) * 4);
    for (int x = 0; x < frame.width(); ++x) row[4 * x + 3] = 255;
  }
}

std::string truncationDetail(const PngSession& s, int height) {
  if (s.rowsDone >= height) return "the file ends before its last chunks; every row was decoded";
  if (s.interlaced) return "the file ends before the image does; the interlaced image stops part-way";
  return "the file ends before the image does; rows " + std::to_string(s.rowsDone + 1) + " to " +
         std::to_string(height) + " of " + std::to_string(height) + " are missing";
}

}  // namespace

bool looksLikePng(const unsigned char* data, std::size_t size) { return size >= 8 && png_sig_cmp(data, 0, 8) == 0; }

DecodedPixels decodePng(const unsigned char* data, std::size_t size, int width, int height, const std::string& what,
                        bool tolerant) {
  DecodedPixels out;
  PngSession s{};
  s.data = data;
  s.size = size;
  s.tolerant = tolerant;
  s.messages = &out.messages;
  // The header first: a file libpng refuses before its image data costs no frame.
  bool complete = readWithLibpng(s, nullptr, 0, width, height);
  if (complete) {
    out.messages.clear();  // the full read says them again
    out.frame = makeHostFrame(PixelFormat::Rgba8, width, height);
    if (tolerant) fillGrey(out.frame);  // what the data does not reach stays grey
    s = PngSession{};
    s.data = data;
    s.size = size;
    s.tolerant = tolerant;
    s.messages = &out.messages;
    complete = readWithLibpng(s, out.frame.rgba.bytes(), out.frame.pitch(), width, height);
  }
  if (s.problem == kTruncated) {
    out.damage = {DecodeDamage::Kind::Truncated, truncationDetail(s, height), ""};
  } else if (s.problem == kCorrupt) {
    out.damage = {DecodeDamage::Kind::Corrupt, std::string("libpng: \"") + s.damage + "\"",
                  "decoding it anyway may give wrong or grey pixels"};
  }
  // Strict, damage before the image data needs no pixels (the image is refused); tolerant, it has
  // none to give.
  if (!complete && (!s.headerDone && (tolerant || !out.damage)))
    throw SourceError(
        what + ": could not be decoded (" +
        (s.ranOut ? std::string("the file ends inside its header") : "libpng: \"" + std::string(s.error) + "\"") + ")");
  return out;
}

}  // namespace kc
