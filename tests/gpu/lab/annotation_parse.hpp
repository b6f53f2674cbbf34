// A kernel's annotations parsed from text, shared by their tests and their must-fail tests
// (tests/error/gpu/lab/annotations_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include "gpu/lab/kernel_annotations.hpp"

namespace kc::test {

// The annotations' types, for the tests that say `using namespace kc::test`.
using kc::lab::Diagnostic;
using kc::lab::KernelParamType;
using kc::lab::OutputFormat;
using kc::lab::Severity;

inline kc::lab::AnnotationParse parse(const std::string& text) {
  return kc::lab::parseAnnotations("k.cu", kc::lab::scanSource(text));
}

// The one diagnostic `text` gives, checked for severity, place and a piece of its message.
inline void expectOne(const std::string& text, Severity severity, int line, int column, const std::string& part) {
  SCOPED_TRACE(text);
  const auto result = parse(text);
  ASSERT_EQ(result.diagnostics.size(), 1u);
  const Diagnostic& d = result.diagnostics[0];
  EXPECT_EQ(d.severity, severity);
  EXPECT_EQ(d.path, "k.cu");
  EXPECT_EQ(d.line, line);
  EXPECT_EQ(d.column, column);
  EXPECT_NE(d.message.find(part), std::string::npos) << d.message;
}

}  // namespace kc::test
