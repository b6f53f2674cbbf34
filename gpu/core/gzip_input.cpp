#include "gpu/core/gzip_input.hpp"

#include <string>

#ifdef KC_HAVE_ZLIB
#include <zlib.h>
#endif

namespace kc {

bool startsLikeGzip(std::istream& in) { return in.rdbuf() && in.rdbuf()->sgetc() == 0x1f; }

#ifdef KC_HAVE_ZLIB

bool gzipSupported() { return true; }

struct GzipInputBuffer::Inflater {
  z_stream stream{};
  bool memberEnded = false;  // the last member's end was read: input may stop here
};

GzipInputBuffer::GzipInputBuffer(std::istream& compressed)
    : compressed_(compressed), inflater_(std::make_unique<Inflater>()) {
  // 16 + MAX_WBITS: a gzip header and trailer (CRC-32 and length, both checked), not raw zlib data.
  if (inflateInit2(&inflater_->stream, 16 + MAX_WBITS) != Z_OK) throw GzipError("cannot start zlib (out of memory?)");
  setg(out_.data(), out_.data(), out_.data());
}

GzipInputBuffer::~GzipInputBuffer() { inflateEnd(&inflater_->stream); }

GzipInputBuffer::int_type GzipInputBuffer::underflow() {
  if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
  z_stream& z = inflater_->stream;
  for (;;) {
    if (z.avail_in == 0) {
      compressed_.read(in_.data(), static_cast<std::streamsize>(in_.size()));
      z.next_in = reinterpret_cast<Bytef*>(in_.data());
      z.avail_in = static_cast<uInt>(compressed_.gcount());
      if (z.avail_in == 0) {
        if (inflater_->memberEnded) return traits_type::eof();
        throw GzipError("the gzip data ends early (a truncated file?)");
      }
    }
    if (inflater_->memberEnded) {  // more bytes after a member: the next member (gzip -c a b > ab.gz)
      inflateReset(&z);
      inflater_->memberEnded = false;
    }
    z.next_out = reinterpret_cast<Bytef*>(out_.data());
    z.avail_out = static_cast<uInt>(out_.size());
    const int result = inflate(&z, Z_NO_FLUSH);
    if (result == Z_STREAM_END) inflater_->memberEnded = true;
    else if (result != Z_OK && result != Z_BUF_ERROR)
      throw GzipError(std::string("the gzip data is damaged (zlib: ") +
                      (z.msg ? z.msg : "error " + std::to_string(result)) + ")");
    const std::size_t produced = out_.size() - z.avail_out;
    if (produced > 0) {
      setg(out_.data(), out_.data(), out_.data() + produced);
      return traits_type::to_int_type(*gptr());
    }
  }
}

#else  // a build without zlib

bool gzipSupported() { return false; }

struct GzipInputBuffer::Inflater {};

GzipInputBuffer::GzipInputBuffer(std::istream& compressed) : compressed_(compressed) {
  throw GzipError(
      "gzip-compressed, and this build of kernelcam reads no gzip (zlib was missing when it was built): "
      "gunzip it first");
}

GzipInputBuffer::~GzipInputBuffer() = default;

GzipInputBuffer::int_type GzipInputBuffer::underflow() { return traits_type::eof(); }

#endif

}  // namespace kc
