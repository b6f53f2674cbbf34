#pragma once
// Checked mode's verdict: which guard bytes around a user kernel's output changed, in words.
// The runner (cuda/lab_runner.cpp) fills the guards with a pattern before the launch and hands
// their bytes here afterwards; plain C++, so the wording is tested without a GPU.
#include <cstddef>
#include <string>
#include <vector>

namespace kc::lab {

// The output plane: `guardRows` rows above and below it, and the bytes right of each row up to
// the pitch (at least kGuardBytesRight in checked mode).
struct GuardLayout {
  int width = 0, height = 0, channels = 1;
  std::size_t pitch = 0;
  int guardRows = 0;
  std::size_t rowBytes() const { return static_cast<std::size_t>(width) * channels; }
};

struct GuardBytes {
  std::vector<unsigned char> above;  // guardRows x pitch
  std::vector<unsigned char> below;  // guardRows x pitch
  std::vector<unsigned char> right;  // height x (pitch - rowBytes)
};

constexpr int kGuardRows = 8;
constexpr std::size_t kGuardBytesRight = 64;
constexpr unsigned char kGuardByte = 0xA5;

// Empty when every guard byte still holds kGuardByte, else e.g. "17 bytes above the output
// (row -1), 3 bytes right of the rows, from x = 17 (rows 0..2)".
std::string describeGuardWrites(const GuardLayout& layout, const GuardBytes& bytes);

}  // namespace kc::lab
