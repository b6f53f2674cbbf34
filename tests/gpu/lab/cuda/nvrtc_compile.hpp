// The helpers shared by tests/gpu/lab/cuda/compile_test.cpp and its must-fail tests
// (tests/error/gpu/lab/cuda/compile_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "gpu/core/error.hpp"
#include "gpu/lab/cuda/nvrtc_compiler.hpp"
#include "gpu/lab/kernel_template.hpp"
#include "tests/support/lab_test_files.hpp"

namespace kc::test {

using kc::lab::CompiledKernel;
using kc::lab::Diagnostic;
using kc::lab::Severity;

inline CompiledKernel compileFile(const std::string& name, const std::string& text,
                                  kc::lab::CompileOptions options = {}) {
  return kc::lab::compileKernel(kc::lab::readKernelSource(writeLabFile(name, text)), options);
}

inline std::string allDiagnostics(const CompiledKernel& kernel) {
  std::string text;
  for (const Diagnostic& d : kernel.diagnostics) text += kc::lab::formatDiagnostic(d) + "\n";
  return text;
}

}  // namespace kc::test
