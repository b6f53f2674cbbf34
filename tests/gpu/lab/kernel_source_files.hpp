// Kernel files written to a temporary folder and read back, shared by the reader's tests and its
// must-fail tests (tests/error/gpu/lab/kernel_source_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>
#include <filesystem>
#include <fstream>

#include "gpu/core/error.hpp"
#include "gpu/lab/kernel_source.hpp"

namespace kc::test {

namespace fs = std::filesystem;

inline fs::path tempDir() {
  const fs::path dir = fs::temp_directory_path() / ("kc_lab_source_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir;
}

inline std::string write(const std::string& name, const std::string& bytes) {
  const fs::path path = tempDir() / name;
  std::ofstream(path, std::ios::binary) << bytes;
  return path.string();
}

inline std::string errorOf(const std::string& path) {
  try {
    kc::lab::readKernelSource(path);
  } catch (const kc::InvalidArgument& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << "one line: " << message;
    return message;
  }
  return "no error";
}

}  // namespace kc::test
