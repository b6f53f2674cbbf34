#pragma once
// Damaged PNGs made in the test from a sound one: a chunk whose CRC does not match, a flipped
// byte in the image data (its CRC left stale or recomputed, so only zlib's checksum can tell), a
// file cut inside its image data or before its last chunk.
#include <zlib.h>

#include <cstdint>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <string>
#include <vector>

namespace kc::test {

struct PngChunk {
  std::size_t at = 0;      // offset of its length field
  std::string type;        // "IDAT"
  std::size_t length = 0;  // of its data
  std::size_t dataAt() const { return at + 8; }
  std::size_t end() const { return at + 12 + length; }  // just past its CRC
};

inline std::uint32_t readBe32(const std::string& bytes, std::size_t at) {
  return static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at])) << 24 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + 1])) << 16 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + 2])) << 8 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + 3]));
}

inline std::string be32(std::uint32_t value) {
  return {static_cast<char>(value >> 24), static_cast<char>(value >> 16), static_cast<char>(value >> 8),
          static_cast<char>(value)};
}

inline std::vector<PngChunk> pngChunks(const std::string& png) {
  std::vector<PngChunk> chunks;
  for (std::size_t at = 8; at + 12 <= png.size();) {
    PngChunk chunk{at, png.substr(at + 4, 4), readBe32(png, at)};
    chunks.push_back(chunk);
    at = chunk.end();
  }
  return chunks;
}

inline std::vector<PngChunk> pngChunksOfType(const std::string& png, const std::string& type) {
  std::vector<PngChunk> found;
  for (const PngChunk& chunk : pngChunks(png))
    if (chunk.type == type) found.push_back(chunk);
  return found;
}

// The CRC over the chunk's type and data, as the format defines it.
inline std::uint32_t chunkCrc(const std::string& png, const PngChunk& chunk) {
  return static_cast<std::uint32_t>(
      crc32(0, reinterpret_cast<const Bytef*>(png.data() + chunk.at + 4), static_cast<uInt>(chunk.length + 4)));
}

inline void recomputeCrc(std::string& png, const PngChunk& chunk) {
  png.replace(chunk.dataAt() + chunk.length, 4, be32(chunkCrc(png, chunk)));
}

inline std::string makeChunk(const std::string& type, const std::string& data) {
  std::string chunk = be32(static_cast<std::uint32_t>(data.size())) + type + data + "0000";
  recomputeCrc(chunk, PngChunk{0, type, data.size()});  // offsets as in a file starting at the chunk
  return chunk;
}

// A 64x64 PNG of random colours (incompressible: several IDAT chunks of 8 KiB), as OpenCV writes it.
inline std::string soundPng(const cv::Mat& picture) {
  std::vector<unsigned char> png;
  cv::imencode(".png", picture, png);
  return {png.begin(), png.end()};
}

inline cv::Mat randomPicture(int width = 64, int height = 64) {
  cv::Mat picture(height, width, CV_8UC3);
  cv::randu(picture, 0, 255);
  return picture;
}

// A tEXt chunk whose CRC does not match, before the image data: what OpenCV decoded with only
// libpng's "libpng warning: tEXt: CRC error" on stderr.
inline std::string withBadCrcTextChunk(const std::string& png) {
  std::string text = makeChunk("tEXt", std::string("Comment\0damaged on the way", 26));
  text.back() = static_cast<char>(text.back() ^ 0x01);
  const std::size_t idat = pngChunksOfType(png, "IDAT").front().at;
  return png.substr(0, idat) + text + png.substr(idat);
}

// One byte of the first IDAT's data flipped; with `fixCrc` the chunk's CRC is recomputed, so only
// zlib's own checks can tell.
inline std::string withFlippedImageByte(const std::string& png, bool fixCrc) {
  std::string damaged = png;
  const PngChunk idat = pngChunksOfType(png, "IDAT").front();
  damaged[idat.dataAt() + idat.length / 2] = static_cast<char>(damaged[idat.dataAt() + idat.length / 2] ^ 0x40);
  if (fixCrc) recomputeCrc(damaged, idat);
  return damaged;
}

// Cut `bytesIn` bytes into the second IDAT chunk's data: the rows of the first chunk decode.
inline std::string cutInSecondImageChunk(const std::string& png, std::size_t bytesIn = 100) {
  return png.substr(0, pngChunksOfType(png, "IDAT").at(1).dataAt() + bytesIn);
}

// Every chunk but the last (IEND): all rows are there, the end is not.
inline std::string withoutEnd(const std::string& png) { return png.substr(0, pngChunksOfType(png, "IEND").front().at); }

}  // namespace kc::test
