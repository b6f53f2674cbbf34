// @grid and @exercise that cannot be used: one message at the annotation's own token.
#include <gtest/gtest.h>

#include "tests/gpu/lab/annotation_parse.hpp"

namespace {

using namespace kc::test;

TEST(GridAnnotationRejects, EachMistakeIsOneMessageAtItsPlace) {
  expectOne("// @grid\n", Severity::Error, 1, 4, "@grid needs the number of blocks");
  expectOne("// @grid (n + 1\n", Severity::Error, 1, 16, "@grid '(n + 1': expected ')'");
  expectOne("// @grid n,\n", Severity::Error, 1, 12, "@grid: a block count is missing");
  expectOne("// @grid 1, 2, 3, 4\n", Severity::Error, 1, 10, "more than three dimensions");
  expectOne("// @grid n\n// @grid n\n", Severity::Error, 2, 4, "@grid given twice (first at line 1)");
  expectOne("// @exercise\n", Severity::Error, 1, 4, "@exercise needs the exercise's id");
  expectOne("// @exercise ../../etc\n", Severity::Error, 1, 14, "an exercise id is letters, digits and '-'");
  expectOne("// @exercise a b\n", Severity::Error, 1, 16, "@exercise: unexpected 'b' after the id");
}

}  // namespace
