// A kernel's declared parameters and the refusal of assignments to them, shared by their tests
// and their must-fail tests (tests/error/gpu/lab/params_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <bit>

#include "gpu/core/error.hpp"
#include "gpu/lab/kernel_params.hpp"

namespace kc::test {

inline std::vector<kc::lab::KernelParam> params() {
  const auto parse = kc::lab::parseAnnotations(
      "k.cu", kc::lab::scanSource("// @param radius int 1..15 = 3\n// @param gain float -1..1 = 0.25\n"));
  EXPECT_TRUE(parse.diagnostics.empty());
  return parse.annotations.params;
}

inline std::string errorOf(const std::vector<std::string>& assignments) {
  try {
    kc::lab::applyAssignments(params(), assignments);
  } catch (const kc::InvalidArgument& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace kc::test
