// Must-fail: demo values a record refuses (a type its operation cannot take, a size out of range, a
// tolerance that is not a number, an unknown element type): one line naming the parameter as the user
// gave it. The records' normal use is in tests/gpu/demos/demo_registry_test.cpp.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "gpu/demos/demo_registry.hpp"

namespace kc {
namespace {

using demos::demoRegistry;

// The record's refusal of `values`, as the command line writes it ("--op: ...") or, given the
// parameter's label, as the form does; "accepted" when it takes them.
std::string refusal(const std::string& demo, std::map<std::string, std::string> values, const std::string& label = {}) {
  demos::DemoRequest request = demos::requestFor(*demoRegistry().find(demo));
  request.values = std::move(values);
  try {
    request.demo->check(request);
  } catch (const demos::DemoValueError& e) {
    return e.describe(label.empty() ? "--" + e.param() : label);
  }
  return "accepted";
}

TEST(DemoRegistry, RecordsRefuseBadValuesNamingTheParameter) {
  EXPECT_EQ(refusal("reduce", {{"op", "mat3min"}, {"type", "float"}}),
            "--type float: mat3min works on int matrices only");
  // Within --n's range, above mat3min's.
  EXPECT_EQ(refusal("reduce", {{"op", "mat3min"}, {"n", "100000000"}}),
            "--n '100000000': out of range, expected 1..67108864");
  EXPECT_EQ(refusal("reduce", {{"op", "mat3min"}}), "accepted") << "mat3min is int32 unless a type is given";
  EXPECT_EQ(refusal("cg", {{"poisson", "4"}, {"tol", "small"}}, "Tolerance"),
            "Tolerance: 'small': expected a number between 0 and 1 (such as 1e-8)");
  EXPECT_EQ(refusal("matmul", {{"type", "half"}}), "--type: unknown element type 'half' (expected int32 or float)");
}

}  // namespace
}  // namespace kc
