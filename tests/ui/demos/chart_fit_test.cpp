// A demo chart keeps its text whole in whatever room it has (ChartFit): on a GPU machine the
// reduction's bars span three orders of magnitude (the CPU's ~10 GB/s beside the GPU's ~3000), and
// the value printed inside a short bar was shortened to "..." in the window (seen on the H200 at
// 1600x1000, 2026-11-29). The bars' values are in the table beside the chart.
#include <gtest/gtest.h>

#include <QChart>
#include <QChartView>

#include "tests/support/qt_test_app.hpp"
#include "ui/demos/chart_fit.hpp"
#include "ui/demos/demo_charts.hpp"

namespace kc {
namespace {

demos::DemoChart gpuLikeBars() {
  demos::DemoChart bars;
  bars.unit = "GB/s";
  for (const auto& [label, value] : std::vector<std::pair<std::string, double>>{{"CPU reference", 9.8},
                                                                                {"CUDA naive atomics", 41.5},
                                                                                {"CUDA shared tree", 2890},
                                                                                {"CUDA warp shuffle", 3120},
                                                                                {"CUDA x4 per thread", 3410},
                                                                                {"CUB DeviceReduce", 3380}})
    bars.bars.push_back({label, value});
  return bars;
}

TEST(ChartFit, NoTextIsShortenedAtAnySizeTheDockCanHave) {
  test::testApplication();
  for (const QSize size : {QSize(900, 260), QSize(600, 200), QSize(420, 150), QSize(300, 110)}) {
    QChartView view;
    view.setChart(demoChart(gpuLikeBars()));
    view.resize(size);
    ChartFit fit(&view);
    view.show();
    fit.fit();
    EXPECT_FALSE(chartTextElided(view)) << size.width() << "x" << size.height() << " at level " << fit.level();
  }
  // The smallest gave up the bars' names; a larger view gets them back.
  QChartView view;
  view.setChart(demoChart(gpuLikeBars()));
  view.resize(300, 110);
  ChartFit fit(&view);
  view.show();
  fit.fit();
  EXPECT_GE(fit.level(), 6);
  view.resize(900, 400);
  fit.fit();
  EXPECT_LT(fit.level(), 6);
  EXPECT_FALSE(chartTextElided(view));
}

TEST(ChartFit, AWideViewShowsEverything) {
  test::testApplication();
  QChartView view;
  view.setChart(demoChart(gpuLikeBars()));
  view.resize(1400, 500);
  ChartFit fit(&view);
  view.show();
  fit.fit();
  EXPECT_EQ(fit.level(), 0);
  EXPECT_FALSE(chartTextElided(view));
}

}  // namespace
}  // namespace kc
