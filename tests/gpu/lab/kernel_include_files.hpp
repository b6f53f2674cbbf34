// Kernels and headers written into a temporary folder and their includes resolved, shared by the
// includes' tests and their must-fail tests (tests/error/gpu/lab/kernel_includes_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>

#include "gpu/lab/kernel_includes.hpp"

namespace kc::test {

namespace fs = std::filesystem;
using kc::lab::KernelIncludes;

inline fs::path folder() {
  const fs::path dir = fs::temp_directory_path() / ("kc_lab_includes_" + std::to_string(::getpid()));
  fs::create_directories(dir / "k" / "sub");
  return dir / "k";
}

inline void write(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

inline KernelIncludes resolve(const std::string& text) {
  return kc::lab::resolveIncludes({(folder() / "k.cu").string(), text});
}

inline std::string only(const KernelIncludes& includes) {
  if (includes.diagnostics.size() != 1) return "diagnostics: " + std::to_string(includes.diagnostics.size());
  return kc::lab::formatDiagnostic(includes.diagnostics[0]);
}

}  // namespace kc::test
