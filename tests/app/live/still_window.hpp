// The helpers shared by tests/app/live/still_image_test.cpp and its must-fail tests
// (tests/error/app/live/still_image_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <QAction>
#include <QEventLoop>
#include <QLabel>
#include <QTimer>
#include <filesystem>
#include <sys/resource.h>

#include "app/live/live_controller.hpp"
#include "tests/support/test_data.hpp"
#include "tests/support/damaged_png.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/notice_area.hpp"

namespace kc::test {

// A PNG whose pixels are sound but one chunk's CRC is wrong: damage `process` refuses.
inline std::string writeDamagedPng(test::TempDir& dir) {
  const std::string path = dir.file("damaged.png");
  test::writeBytes(path, test::withBadCrcTextChunk(test::soundPng(test::randomPicture())));
  return path;
}

}  // namespace kc::test
