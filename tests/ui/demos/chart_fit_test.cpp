// A demo chart keeps its text whole in whatever room it has (ChartFit): on a GPU machine the
// reduction's bars span three orders of magnitude (the CPU's ~10 GB/s beside the GPU's ~3000), and
// the value printed inside a short bar was shortened to "..." in the window (seen on the H200 at
// 1600x1000, 2026-11-29). The bars' values are in the table beside the chart.
#include <gtest/gtest.h>

#include <QChart>
#include <QChartView>
#include <QGuiApplication>
#include <QLegend>
#include <QLegendMarker>
#include <cmath>

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

// CG on a GPU machine: four versions, four lines, in presentation mode's font.
QChart* cgChart() {
  auto* chart = new ResidualChart(QStringLiteral("CG on poisson2D n=64"));
  const char* names[] = {"CPU reference", "CUDA scalar CSR", "CUDA vector CSR", "cuSPARSE + cuBLAS"};
  for (int version = 1; version <= 4; ++version)
    for (int k = 0; k <= 10; ++k)
      chart->addSample(version, QString::fromLatin1(names[version - 1]), k, std::pow(10.0, -k));
  chart->finish();
  QFont large;
  large.setPointSize(20);
  applyChartFont(chart, large);
  return chart;
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

// CG's convergence on a GPU machine: four lines, the legend below the plot in presentation mode's
// font ('CPU refe...' at 1600x1000 on the H200). The legend moves right, then numbers, then goes.
TEST(ChartFit, TheLegendKeepsItsNamesWholeOrGivesThemUp) {
  test::testApplication();
  for (const QSize size : {QSize(1400, 500), QSize(700, 260), QSize(420, 180), QSize(240, 120)}) {
    QChartView view;
    view.setChart(cgChart());
    view.resize(size);
    ChartFit fit(&view);
    view.show();
    fit.fit();
    EXPECT_FALSE(chartTextElided(view)) << size.width() << "x" << size.height() << " at level " << fit.level()
                                        << ", legend level " << fit.legendLevel();
  }
}

// Where a legend's names are laid out (an X server: QLegend leaves them empty on the offscreen
// platform), the smallest view gives them up and a large one gets them back.
TEST(ChartFit, ALegendGivesItsNamesUpAndGetsThemBack) {
  test::testApplication();
  if (QGuiApplication::platformName() == QStringLiteral("offscreen"))
    GTEST_SKIP() << "the offscreen platform lays out no legend text: run under xvfb-run";
  QChartView view;
  view.setChart(cgChart());
  view.resize(240, 120);
  ChartFit fit(&view);
  view.show();
  test::processEventsUntil([] { return false; }, 100);
  fit.fit();
  EXPECT_GT(fit.legendLevel(), 0);
  EXPECT_FALSE(chartTextElided(view));
  view.resize(1600, 600);
  test::processEventsUntil([] { return false; }, 100);
  fit.fit();
  EXPECT_EQ(fit.legendLevel(), 0) << "the names come back";
  EXPECT_TRUE(view.chart()->legend()->isVisible());
  EXPECT_EQ(view.chart()->legend()->markers().front()->label(), QStringLiteral("CPU reference"));
}

}  // namespace
}  // namespace kc
