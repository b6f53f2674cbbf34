#pragma once
// cv::Mat headers over kernelcam views (no copies), and real images decoded by OpenCV.
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <filesystem>
#include <stdexcept>
#include <type_traits>

#include "gpu/image/host_image.hpp"

namespace kc::test {

template <class T>
cv::Mat matOf(ImageView<T> view, int type) {
  using Mutable = std::remove_const_t<T>;
  return cv::Mat(view.height, view.width, type, const_cast<Mutable*>(view.data), view.pitch);
}

// An RGBA (memory order) image from a file, padded to an odd number of pixels per row.
inline HostImage<Rgba8> readRgbaImage(const std::filesystem::path& path, std::size_t padBytes = 12) {
  cv::Mat bgr = cv::imread(path.string(), cv::IMREAD_COLOR);
  if (bgr.empty()) throw std::runtime_error("cannot decode " + path.string());
  cv::Mat rgba;
  cv::cvtColor(bgr, rgba, cv::COLOR_BGR2RGBA);
  HostImage<Rgba8> image(rgba.cols, rgba.rows, static_cast<std::size_t>(rgba.cols) * 4 + padBytes);
  rgba.copyTo(matOf(image.view(), CV_8UC4));
  return image;
}

}  // namespace kc::test
