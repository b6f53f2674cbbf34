#include "app/cli/frame_file.hpp"

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <vector>

#include "app/sources/frame_source.hpp"
#include "app/sources/mat_to_frame.hpp"

namespace kc {

namespace {

// Formats that store an alpha channel; the others (JPEG, PPM, BMP...) get the colour alone, as a
// user asking for out.jpg expects (alpha only passes through the chain).
bool keepsAlpha(std::string extension) {
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return extension == ".png" || extension == ".tif" || extension == ".tiff" || extension == ".webp";
}

std::vector<unsigned char> encode(const HostFrame& frame, const std::string& path) {
  const std::string extension = std::filesystem::path(path).extension().string();
  if (extension.empty()) throw SourceError("--out " + path + ": cannot write (no extension: name it .png)");
  cv::Mat mat = frameAsMat(frame);
  cv::Mat bgr;
  if (frame.format == PixelFormat::Rgba8) {  // imencode expects OpenCV's BGR(A) order
    cv::cvtColor(mat, bgr, keepsAlpha(extension) ? cv::COLOR_RGBA2BGRA : cv::COLOR_RGBA2BGR);
    mat = bgr;
  }
  std::vector<unsigned char> bytes;
  bool encoded = false;
  try {
    encoded = cv::imencode(extension, mat, bytes);
  } catch (const cv::Exception& e) {
    throw SourceError("--out " + path + ": cannot write (" + e.msg + ")");
  }
  if (!encoded) throw SourceError("--out " + path + ": cannot write (unknown extension '" + extension + "')");
  return bytes;
}

}  // namespace

void writeFrameFile(const HostFrame& frame, const std::string& path) {
  // Encoded in memory, written beside the target and renamed over it: a failure at any point
  // (encoder, full disk, missing folder) leaves no partial file and an older file untouched.
  const std::vector<unsigned char> bytes = encode(frame, path);
  const std::string partial = path + ".partial";
  {
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) {
      std::remove(partial.c_str());
      throw SourceError("--out " + path + ": cannot write (missing folder, no permission or disk full)");
    }
  }
  std::error_code ec;
  std::filesystem::rename(partial, path, ec);
  if (ec) {
    std::remove(partial.c_str());
    throw SourceError("--out " + path + ": cannot write (" + ec.message() + ")");
  }
}

}  // namespace kc
