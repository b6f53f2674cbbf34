// The kernel a kernel= stage's tests run and the refusal of a chain, shared by them and its must-fail tests
// (tests/error/gpu/stages/kernel_stage_test.cpp).
#pragma once

#include <string>

#include "gpu/core/error.hpp"
#include "gpu/pipeline/filter_chain.hpp"

namespace kc::test {

inline const std::string kBlur = R"(// A box blur.
// @output gray
// @param radius int 1..7 = 2     half the box's width
// @param gain float -1..1 = 0.25
__global__ void boxBlur(KcInput in, KcOutput out, KcParams params) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= out.width || y >= out.height) return;
  out.setGray(x, y, in.rgba(x, y).x);
}
)";

// What parseFilterChain(text) refuses it with, or "(no error)".
inline std::string messageOf(const std::string& text) {
  try {
    (void)kc::parseFilterChain(text);
  } catch (const kc::InvalidArgument& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace kc::test
