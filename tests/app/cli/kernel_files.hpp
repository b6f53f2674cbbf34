// The helpers shared by tests/app/cli/cli_kernel_test.cpp and its must-fail tests
// (tests/error/app/cli/cli_kernel_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/support/cli_run.hpp"
#include "gpu/lab/kernel_template.hpp"
#include "tests/support/temp_dir.hpp"

namespace kc::test {

namespace fs = std::filesystem;

inline long lineCount(const std::string& text) { return std::count(text.begin(), text.end(), '\n'); }

inline const std::string kGoodKernel =
    "__global__ void k(KcInput in, KcOutput out, KcParams params) {\n"
    "  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;\n"
    "  if (x < out.width && y < out.height) out.setRgba(x, y, in.rgba(x, y));\n"
    "}\n";

#ifdef KC_HAVE_CUDA
inline constexpr bool kHaveNvrtc = true;
#else
inline constexpr bool kHaveNvrtc = false;
#endif

}  // namespace kc::test
