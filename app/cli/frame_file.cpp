#include "app/cli/frame_file.hpp"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "app/sources/frame_source.hpp"
#include "app/sources/mat_to_frame.hpp"

namespace kc {

void writeFrameFile(const HostFrame& frame, const std::string& path) {
  cv::Mat mat = frameAsMat(frame);
  cv::Mat bgra;
  if (frame.format == PixelFormat::Rgba8) {
    cv::cvtColor(mat, bgra, cv::COLOR_RGBA2BGRA);  // imwrite expects OpenCV's BGRA order
    mat = bgra;
  }
  bool written = false;
  try {
    written = cv::imwrite(path, mat);
  } catch (const cv::Exception& e) {
    throw SourceError("--out " + path + ": cannot write (" + e.msg + ")");
  }
  if (!written) throw SourceError("--out " + path + ": cannot write (missing folder, no permission, or unknown extension)");
}

}  // namespace kc
