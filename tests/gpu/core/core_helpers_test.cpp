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
  for (Backend backend : {Backend::Auto, Backend::Cuda, Backend::Cpu})
    EXPECT_EQ(parseBackend(toString(backend)), backend);
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

TEST(Text, WxHTakesAnXInEitherCaseAndNothingElse) {
  int w = -1, h = -1;
  EXPECT_TRUE(parseWxH("640x480", &w, &h));
  EXPECT_EQ(w, 640);
  EXPECT_EQ(h, 480);
  EXPECT_TRUE(parseWxH("1920X1080", &w, &h));
  EXPECT_EQ(w, 1920);
  EXPECT_EQ(h, 1080);
  EXPECT_TRUE(parseWxH("0x0", &w, &h));  // the range is the caller's
  for (const char* bad : {"", "640", "x480", "640x", "640x480x3", "640*480", " 640x480", "640x480 ", "+640x480",
                          "-640x480", "640x-480", "6.4x480", "99999999999x1", "640xx480"}) {
    w = h = -1;
    EXPECT_FALSE(parseWxH(bad, &w, &h)) << bad;
    EXPECT_EQ(w, -1) << bad;  // untouched
  }
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
