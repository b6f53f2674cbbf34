// The helpers shared by tests/app/record/record_sinks_test.cpp and its must-fail tests
// (tests/error/app/record/record_sinks_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <linux/videodev2.h>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>
#include <thread>

#include "app/record/background_sink.hpp"
#include "app/record/video_file.hpp"
#include "app/record/virtual_camera.hpp"
#include "app/record/yuyv.hpp"
#include "app/io/output_file.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/video_read.hpp"

namespace kc::test {

namespace fs = std::filesystem;

// Frame i: a grey ramp shifted by i (so frames differ), or its colour version.
inline cv::Mat testFrame(cv::Size size, int i, bool colour) {
  cv::Mat grey(size, CV_8UC1);
  for (int y = 0; y < size.height; ++y)
    for (int x = 0; x < size.width; ++x)
      grey.at<std::uint8_t>(y, x) = static_cast<std::uint8_t>((x * 7 + y * 3 + i * 20) % 256);
  if (!colour) return grey;
  cv::Mat rgba;
  cv::cvtColor(grey, rgba, cv::COLOR_GRAY2RGBA);
  rgba.forEach<cv::Vec4b>([](cv::Vec4b& p, const int*) { p[0] = static_cast<std::uint8_t>(255 - p[0]); });
  return rgba;
}

inline std::vector<std::string> folderEntries(const fs::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) names.push_back(entry.path().filename().string());
  return names;
}

}  // namespace kc::test
