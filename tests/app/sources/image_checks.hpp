// The helpers shared by tests/app/sources/image_input_test.cpp and its must-fail tests
// (tests/error/app/sources/image_input_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <jpeglib.h>
#include <png.h>

#include "app/backend/pipeline_factory.hpp"
#include "app/sources/frame_source.hpp"
#include "app/sources/image_decode.hpp"
#include "app/sources/image_source.hpp"
#include "app/sources/mat_to_frame.hpp"
#include "tests/support/test_data.hpp"
#include "tests/support/damaged_png.hpp"
#include "gpu/pipeline/frame_limits.hpp"
#include "tests/support/temp_dir.hpp"

namespace kc::test {

inline std::vector<unsigned char> bytesOf(const std::string& text) { return {text.begin(), text.end()}; }

}  // namespace kc::test
