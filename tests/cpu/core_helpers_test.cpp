// The small shared helpers of gpu/core: the backend vocabulary, the text splitter, elapsed time.
#include <gtest/gtest.h>

#include <string>
#include <thread>

#include "gpu/core/backend.hpp"
#include "gpu/core/elapsed.hpp"
#include "gpu/core/error.hpp"
#include "gpu/core/text.hpp"

namespace kc {
namespace {

TEST(Backend, ParsesWhatItPrintsAndNothingElse) {
  for (Backend backend : {Backend::Auto, Backend::Cuda, Backend::Cpu}) EXPECT_EQ(parseBackend(toString(backend)), backend);
  EXPECT_STREQ(toString(Backend::Auto), "auto");
  for (const char* bad : {"", "gpu", "CUDA", " cpu", "cpu ", "autoo"}) {
    SCOPED_TRACE(bad);
    try {
      parseBackend(bad);
      FAIL() << "accepted";
    } catch (const InvalidArgument& e) {
      EXPECT_EQ(std::string(e.what()), "--backend '" + std::string(bad) + "': expected auto, cuda or cpu");
    }
  }
}

TEST(Text, SplitKeepsEveryFieldEmptyOnesIncluded) {
  using Fields = std::vector<std::string_view>;
  EXPECT_EQ(split("gray=lab,conv=gauss:5", ','), (Fields{"gray=lab", "conv=gauss:5"}));
  EXPECT_EQ(split("a,,b", ','), (Fields{"a", "", "b"}));
  EXPECT_EQ(split("a,", ','), (Fields{"a", ""}));
  EXPECT_EQ(split(",a", ','), (Fields{"", "a"}));
  EXPECT_EQ(split("", ','), (Fields{""}));
  EXPECT_EQ(split("conv/separable/gray/5/3840x2160", '/').size(), 5u);
  EXPECT_EQ(split(" a : b ", ':'), (Fields{" a ", " b "}));  // not trimmed
}

TEST(Text, TrimRemovesSpacesAndTabsAtBothEndsOnly) {
  EXPECT_EQ(trim("  gray = lab\t"), "gray = lab");
  EXPECT_EQ(trim("x"), "x");
  EXPECT_EQ(trim(" \t "), "");
  EXPECT_EQ(trim(""), "");
  EXPECT_EQ(trim("a\n"), "a\n");  // only spaces and tabs
}

TEST(Elapsed, MsSinceCountsWallTimeInMilliseconds) {
  const auto start = std::chrono::steady_clock::now();
  EXPECT_GE(msSince(start), 0.0);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const double ms = msSince(start);
  EXPECT_GE(ms, 20.0);
  EXPECT_LT(ms, 20000.0);  // milliseconds, not microseconds
}

}  // namespace
}  // namespace kc
