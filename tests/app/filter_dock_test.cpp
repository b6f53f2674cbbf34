// The dock is generated from filterDescriptors() and speaks the CLI's text form: a chain put in
// comes back out unchanged, custom kernels included. The dock runs stages in one fixed order
// (the default chain's: gray, conv, transpose, hist), so the chains here are in that order.
#include <gtest/gtest.h>

#include "qt_test_app.hpp"
#include "ui/window/filter_dock.hpp"

namespace kc {
namespace {

TEST(FilterDock, RoundTripsChainsThroughItsControls) {
  test::testApplication();
  for (const char* text : {"gray=bt709,conv=gauss:7:reflect,transpose,hist=64", "conv=custom:3:0 -1 0 -1 5 -1 0 -1 0:zero",
                           "gray=lab", "hist=16"}) {
    SCOPED_TRACE(text);
    FilterDock dock;
    FilterChain received;
    QObject::connect(&dock, &FilterDock::chainChanged, [&](const FilterChain& chain) { received = chain; });
    dock.setChain(parseFilterChain(text));
    EXPECT_EQ(formatFilterChain(dock.chain()), formatFilterChain(parseFilterChain(text)));
    EXPECT_EQ(formatFilterChain(received), formatFilterChain(parseFilterChain(text)));
  }
}

TEST(FilterDock, TogglesStagesAndStartsWithTheDefaultChain) {
  test::testApplication();
  FilterDock dock;
  EXPECT_EQ(formatFilterChain(dock.chain()), formatFilterChain(defaultFilterChain()));
  const bool gray = dock.stageEnabled(StageKind::Gray);
  dock.toggleStage(StageKind::Gray);
  EXPECT_NE(dock.stageEnabled(StageKind::Gray), gray);
}

}  // namespace
}  // namespace kc
