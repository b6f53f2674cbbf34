#pragma once
// A gzip-compressed stream read as its uncompressed bytes (zlib's inflate), for the readers whose
// files come compressed: the CG demo's matrices are stored as NAME.mtx.gz (data/matrices). The
// compressed bytes come from any std::istream (a file, a string, a pipe), a block at a time: the
// whole file is never in memory.
#include <array>
#include <istream>
#include <memory>
#include <streambuf>

#include "gpu/core/error.hpp"

namespace kc {

// Damaged or truncated gzip data, or a build without zlib. The message says which, in words.
class GzipError : public InvalidArgument {
 public:
  using InvalidArgument::InvalidArgument;
};

// Whether `in`'s next byte starts a gzip stream (0x1f, the first byte of its magic number); the
// byte is peeked, not taken. No text format kernelcam reads starts with it.
bool startsLikeGzip(std::istream& in);

// False where kernelcam was built without zlib: GzipInputBuffer then throws GzipError saying so.
bool gzipSupported();

// The uncompressed bytes of the gzip data `compressed` holds from its position on (one member or
// several concatenated, as gzip(1) reads them). underflow() throws GzipError on damaged data and
// on data that ends before its stream does. `compressed` must outlive the buffer.
class GzipInputBuffer : public std::streambuf {
 public:
  explicit GzipInputBuffer(std::istream& compressed);
  ~GzipInputBuffer() override;
  GzipInputBuffer(const GzipInputBuffer&) = delete;
  GzipInputBuffer& operator=(const GzipInputBuffer&) = delete;

 protected:
  int_type underflow() override;

 private:
  struct Inflater;  // zlib's z_stream, kept out of this header
  std::istream& compressed_;
  std::unique_ptr<Inflater> inflater_;
  std::array<char, 64 * 1024> in_{};
  std::array<char, 64 * 1024> out_{};
};

}  // namespace kc
