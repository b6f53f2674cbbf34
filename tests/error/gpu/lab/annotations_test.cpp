// Must-fail: kernel annotations the lab refuses (@param, @output and @block that are malformed,
// duplicated or beyond their limits). Each is one diagnostic at the token, naming what is wrong; the
// annotations it reads are in tests/gpu/lab/annotations_test.cpp.
#include <gtest/gtest.h>

#include "gpu/lab/kernel_annotations.hpp"
#include "tests/gpu/lab/annotation_parse.hpp"

namespace {

using namespace kc::test;

TEST(LabAnnotations, BadParamsAreRejectedAtTheirToken) {
  //                 columns: "// @param " is 10 characters, the name starts at 11
  expectOne("// @param radius int\n", Severity::Error, 1, 4, "incomplete");
  expectOne("// @param radius int 1..15\n", Severity::Error, 1, 27, "'= DEFAULT' missing");
  expectOne("// @param 2radius int 1..15 = 3\n", Severity::Error, 1, 11, "C++ identifier");
  expectOne("// @param float int 1..15 = 3\n", Severity::Error, 1, 11, "C++ keyword");
  expectOne("// @param __x int 1..15 = 3\n", Severity::Error, 1, 11, "reserved");
  expectOne("// @param radius double 1..15 = 3\n", Severity::Error, 1, 18, "type 'double' is not int or float");
  expectOne("// @param radius int 1-15 = 3\n", Severity::Error, 1, 22, "must read MIN..MAX");
  expectOne("// @param radius int 1..1.5 = 1\n", Severity::Error, 1, 25, "'1.5' is not a 32-bit integer");
  expectOne("// @param radius int 15..1 = 3\n", Severity::Error, 1, 22, "MIN must be below MAX");
  expectOne("// @param radius int 1..15 3\n", Severity::Error, 1, 28, "'= DEFAULT' missing");
  expectOne("// @param radius int 1..15 =\n", Severity::Error, 1, 28, "default value is missing");
  expectOne("// @param radius int 1..15 = 20\n", Severity::Error, 1, 30, "default 20 is outside 1..15");
  expectOne("// @param gain float 0..1 = nan\n", Severity::Error, 1, 29, "'nan' is not a float number");
  expectOne("// @param big int 0..3000000000 = 0\n", Severity::Error, 1, 22, "not a 32-bit integer");
}

TEST(LabAnnotations, DuplicatesAndLimits) {
  expectOne("// @param a int 0..1 = 0\n// @param a float 0..1 = 0\n", Severity::Error, 2, 11,
            "declared twice (first at line 1)");
  std::string many;
  for (int i = 0; i <= kc::lab::kMaxKernelParams; ++i) many += "// @param p" + std::to_string(i) + " int 0..1 = 0\n";
  expectOne(many, Severity::Error, kc::lab::kMaxKernelParams + 1, 11, "more than 16 parameters");
  expectOne("// @output gray\n// @output rgba\n", Severity::Error, 2, 4, "@output given twice (first at line 1)");
  expectOne("// @block 16x16\n// @block 8x8\n", Severity::Error, 2, 4, "@block given twice");
}

TEST(LabAnnotations, BadOutputAndBlock) {
  expectOne("// @output hsv\n", Severity::Error, 1, 12, "expected rgba, gray or same");
  expectOne("// @output\n", Severity::Error, 1, 4, "needs a format");
  expectOne("// @output gray please\n", Severity::Error, 1, 17, "unexpected 'please'");
  expectOne("// @block 33x33\n", Severity::Error, 1, 11, "at most 1024 threads");
  expectOne("// @block 0x16\n", Severity::Error, 1, 11, "at most 1024 threads");
  expectOne("// @block 16x\n", Severity::Error, 1, 11, "e.g. @block 16x16");
}

}  // namespace
