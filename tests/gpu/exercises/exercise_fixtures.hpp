#pragma once
// The exercises' reference solutions and wrong kernels (tests/fixtures/exercises/ID/), shared by
// the compile tests and the GPU tests.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gpu/lab/kernel_source.hpp"

namespace kc::test {

// KC_TEST_FIXTURES_DIR in the environment overrides the build-time path (the GPU machine runs
// binaries built here, beside a checkout in another folder).
inline std::filesystem::path exerciseFixtures(const std::string& id) {
  const char* override = std::getenv("KC_TEST_FIXTURES_DIR");
  return std::filesystem::path(override && *override ? override : KC_TEST_FIXTURES_DIR) / "exercises" / id;
}

inline kc::lab::KernelSource fixtureKernel(const std::filesystem::path& path) {
  return kc::lab::readKernelSource(path.string());
}

// The wrong kernels of an exercise, sorted by name.
inline std::vector<std::filesystem::path> wrongKernels(const std::string& id) {
  std::vector<std::filesystem::path> files;
  if (!std::filesystem::is_directory(exerciseFixtures(id))) return files;
  for (const auto& entry : std::filesystem::directory_iterator(exerciseFixtures(id)))
    if (entry.path().filename().string().rfind("wrong_", 0) == 0) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// A wrong kernel's "// expect: TEXT" (its first line).
inline std::string expectedMessage(const kc::lab::KernelSource& source) {
  const std::string marker = "// expect: ";
  if (source.text.rfind(marker, 0) != 0) return {};
  return source.text.substr(marker.size(), source.text.find('\n') - marker.size());
}

}  // namespace kc::test
