// The helpers shared by tests/app/cli/cli_output_safety_test.cpp and its must-fail tests
// (tests/error/app/cli/cli_output_safety_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <filesystem>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <set>
#include <unistd.h>

#include "tests/support/cli_run.hpp"
#include "tests/support/test_data.hpp"
#include "tests/support/temp_dir.hpp"

namespace kc::test {

namespace fs = std::filesystem;

// Everything in `dir` by name (a stray temporary shows up here).
inline std::set<std::string> filesIn(const kc::test::TempDir& dir) {
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir.path())) names.insert(entry.path().filename().string());
  return names;
}

inline std::string contentOf(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace kc::test
