// The helpers shared by tests/app/cli/cli_video_out_test.cpp and its must-fail tests
// (tests/error/app/cli/cli_video_out_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <opencv2/videoio.hpp>

#include "app/record/yuyv.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/video_read.hpp"

namespace kc::test {

namespace fs = std::filesystem;

inline CliRun processPattern(const std::string& size, const std::string& filters, int frames,
                             const QStringList& outputs) {
  QStringList arguments = {"process",
                           "--source",
                           "pattern",
                           "--size",
                           QString::fromStdString(size),
                           "--filters",
                           QString::fromStdString(filters),
                           "--backend",
                           "cpu",
                           "--frames",
                           QString::number(frames)};
  return runKernelcam(arguments + outputs);
}

}  // namespace kc::test
