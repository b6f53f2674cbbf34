#include "app/cli/frame_file.hpp"

#include <cctype>
#include <filesystem>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <vector>

#include "app/sources/mat_to_frame.hpp"
#include "gpu/core/file_kind.hpp"

namespace kc {

namespace {

// Formats that store an alpha channel; the others (JPEG, PPM, BMP...) get the colour alone, as a
// user asking for out.jpg expects (alpha only passes through the chain).
bool keepsAlpha(const std::string& extension) {
  return extension == ".png" || extension == ".tif" || extension == ".tiff" || extension == ".webp";
}

}  // namespace

std::string frameFileProblem(const std::string& path) {
  const std::string extension = lowerExtension(path);
  if (extension.empty()) return "no extension: name it .png";
  if (!cv::haveImageWriter(path)) return "unknown image extension '" + extension + "': use .png";
  return {};
}

QByteArray encodeFrameFile(const HostFrame& frame, const io::OutputFile& output) {
  if (const std::string problem = frameFileProblem(output.path); !problem.empty())
    throw io::OutputError(io::OutputError::Kind::Usage,
                          output.option + " " + output.path + ": cannot write (" + problem + ")");
  const std::string extension = lowerExtension(output.path);
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
    throw io::OutputError(io::OutputError::Kind::WriteFailed,
                          output.option + " " + output.path + ": cannot encode (" + e.err + ")");
  }
  if (!encoded)
    throw io::OutputError(io::OutputError::Kind::WriteFailed, output.option + " " + output.path + ": cannot encode");
  return QByteArray(reinterpret_cast<const char*>(bytes.data()), static_cast<qsizetype>(bytes.size()));
}

void writeFrameFile(const HostFrame& frame, const io::OutputFile& output) {
  io::writeOutput(output, encodeFrameFile(frame, output));
}

}  // namespace kc
