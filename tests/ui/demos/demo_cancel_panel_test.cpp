// The demo panel's Cancel button, its live progress and its exports (CPU backend; offscreen or
// Xvfb): a long CG run shows its iterations and its residual curve while it runs, Cancel ends it
// within a second with a "cancelled" message (no table), and the table and chart save as CSV/PNG.
#include <gtest/gtest.h>

#include <QChart>
#include <QFile>
#include <QImage>
#include <QProgressBar>
#include <QPushButton>
#include <QThreadPool>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <memory>
#include <thread>

#include "tests/support/cli_run.hpp"
#include "tests/support/qt_test_app.hpp"
#include "gpu/demos/version_rows_result.hpp"
#include "ui/demos/demo_charts.hpp"
#include "ui/demos/demo_export.hpp"
#include "ui/demos/demo_form.hpp"
#include "ui/demos/demo_panel.hpp"
#include "ui/demos/demo_results_table.hpp"

namespace kc {
namespace {

// CPU CG to 1e-14 on a 600 x 600 Poisson grid: thousands of iterations, a minute on one core.
void chooseLongCg(DemoPanel& panel) {
  panel.selectDemo("cg");
  ASSERT_TRUE(panel.form("cg")->setValue("poisson", "600"));
  ASSERT_TRUE(panel.form("cg")->setValue("tol", "1e-14"));
}

ResidualChart* liveChart(const DemoPanel& panel) { return qobject_cast<ResidualChart*>(panel.chart()); }

TEST(DemoPanelCancel, CancelEndsALongCgRunWithinASecondAndTheChartShowsHowFarItGot) {
  test::testApplication();
  DemoPanel panel(cpuOnlyDemoRunners());
  chooseLongCg(panel);
  ASSERT_TRUE(panel.run());
  EXPECT_TRUE(panel.cancelButton()->isEnabled());
  auto* progress = panel.findChild<QProgressBar*>(QStringLiteral("demoProgress"));
  ASSERT_NE(progress, nullptr);

  // Live progress: the message names the iteration, the chart grows.
  ASSERT_TRUE(test::processEventsUntil(
      [&] { return liveChart(panel) && liveChart(panel)->pointCount() >= 3 && panel.message().contains("iteration"); },
      60000))
      << panel.message().toStdString();
  EXPECT_TRUE(panel.running()) << "the run ended by itself: make it longer";
  EXPECT_TRUE(panel.message().contains(QStringLiteral("version 1 of 1: CPU reference")))
      << panel.message().toStdString();
  EXPECT_EQ(progress->maximum(), 1);
  EXPECT_EQ(progress->value(), 0);
  EXPECT_EQ(progress->format(), QStringLiteral("version 1 of 1"));
  const int pointsBefore = liveChart(panel)->pointCount();

  QElapsedTimer clock;
  clock.start();
  panel.cancelButton()->click();
  EXPECT_FALSE(panel.cancelButton()->isEnabled());
  ASSERT_TRUE(test::processEventsUntil([&] { return !panel.running(); }, 5000));
  EXPECT_LT(clock.elapsed(), 1000) << "cancel took " << clock.elapsed() << " ms";
  EXPECT_TRUE(panel.lastRunCancelled());
  EXPECT_FALSE(panel.lastRunFailed());
  EXPECT_TRUE(panel.message().contains(QStringLiteral("cancelled"))) << panel.message().toStdString();
  EXPECT_EQ(panel.results()->rowCount(), 0) << "a cancelled run has no results to tabulate";
  ASSERT_NE(liveChart(panel), nullptr);
  EXPECT_GE(liveChart(panel)->pointCount(), pointsBefore);
  EXPECT_TRUE(panel.findChild<QPushButton*>(QStringLiteral("demoRun"))->isEnabled());

  // It runs again, and to the end, after a cancel (the flag is the run's own).
  ASSERT_TRUE(panel.form("cg")->setValue("poisson", "8"));
  ASSERT_TRUE(panel.form("cg")->setValue("tol", "1e-6"));
  ASSERT_TRUE(panel.run());
  ASSERT_TRUE(test::processEventsUntil([&] { return !panel.running(); }, 30000));
  EXPECT_FALSE(panel.lastRunCancelled());
  EXPECT_EQ(panel.results()->rowCount(), 1);
}

TEST(DemoPanelCancel, DestroyingThePanelCancelsItsRunSoThePoolEmptiesAtOnce) {
  test::testApplication();
  auto panel = std::make_unique<DemoPanel>(cpuOnlyDemoRunners());
  chooseLongCg(*panel);
  ASSERT_TRUE(panel->run());
  ASSERT_TRUE(test::processEventsUntil([&] { return panel->message().contains("iteration"); }, 60000));
  QElapsedTimer clock;
  clock.start();
  panel.reset();  // what closing the window does to it
  // The application's exit waits for the pool (that was the 7 s after closing the window).
  EXPECT_TRUE(QThreadPool::globalInstance()->waitForDone(1000));
  EXPECT_LT(clock.elapsed(), 1000);
}

TEST(DemoPanelCancel, ReductionShowsVersionIOfN) {
  test::testApplication();
  DemoRunners runners = cpuOnlyDemoRunners();
  // Hold the run inside its first version until the panel has shown it.
  std::atomic<bool> shown{false};
  runners.run = [&](const demos::DemoRequest& request, const demos::DemoAdmission& admit) {
    request.control.counting(1).beginVersion(1, "CPU reference (1 thread)");  // as runReduceDemo reports it
    while (!shown && !request.control.cancel.cancelled()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return demos::runDemo(request, admit);
  };
  DemoPanel panel(runners);
  panel.selectDemo("reduce");
  ASSERT_TRUE(panel.form("reduce")->setValue("n", "1000"));
  ASSERT_TRUE(panel.run());
  EXPECT_TRUE(test::processEventsUntil(
      [&] { return panel.message().contains(QStringLiteral("version 1 of 1: CPU reference (1 thread)")); }, 10000))
      << panel.message().toStdString();
  shown = true;
  ASSERT_TRUE(test::processEventsUntil([&] { return !panel.running(); }, 30000));
  EXPECT_FALSE(panel.lastRunFailed()) << panel.message().toStdString();
  EXPECT_EQ(panel.results()->rowCount(), 1);
}

TEST(DemoPanelExport, TableAsCsvAndChartAsPng) {
  test::testApplication();
  DemoPanel panel(cpuOnlyDemoRunners());
  panel.resize(1200, 400);
  panel.selectDemo("reduce");
  ASSERT_TRUE(panel.form("reduce")->setValue("n", "17"));
  ASSERT_TRUE(panel.run());
  ASSERT_TRUE(test::processEventsUntil([&] { return !panel.running(); }, 30000));
  ASSERT_EQ(panel.results()->rowCount(), 1);

  const QString csvPath = QString::fromStdString(test::cliTempPath("demo.csv"));
  QString error;
  ASSERT_TRUE(panel.saveTableCsv(csvPath, &error)) << error.toStdString();
  QFile csv(csvPath);
  ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
  const QList<QByteArray> lines = csv.readAll().split('\n');
  ASSERT_GE(lines.size(), 2);
  EXPECT_TRUE(lines[0].startsWith("version,ms,GB/s,")) << lines[0].toStdString();
  EXPECT_TRUE(lines[1].startsWith("CPU reference (1 thread),")) << lines[1].toStdString();
  EXPECT_TRUE(lines[1].contains(",yes,"));

  const QString pngPath = QString::fromStdString(test::cliTempPath("demo.png"));
  ASSERT_TRUE(panel.saveChartPng(pngPath, &error)) << error.toStdString();
  const QImage chart(pngPath);
  ASSERT_FALSE(chart.isNull());
  EXPECT_GT(chart.width(), 50);
  EXPECT_GT(chart.height(), 50);

  // A folder that does not exist: false, the reason, and no file.
  const QString bad = QStringLiteral("/nonexistent-kc-dir/x.csv");
  EXPECT_FALSE(panel.saveTableCsv(bad, &error));
  EXPECT_FALSE(error.isEmpty());
  EXPECT_FALSE(std::filesystem::exists(bad.toStdString()));
  std::filesystem::remove(csvPath.toStdString());
  std::filesystem::remove(pngPath.toStdString());
}

TEST(DemoPanelExport, CsvQuotesFieldsWithCommasAndQuotes) {
  test::testApplication();
  DemoResultsTable table;
  demos::DemoReport report;
  demos::DemoRow row;
  row.version = "a, \"quoted\" version";
  row.ms = 1.5;
  row.throughputUnit = "GB/s";
  row.correct = true;
  report.rows.push_back(row);
  table.showTable(demos::VersionRowsResult(report).table());
  const QByteArray csv = tableCsv(table);
  EXPECT_TRUE(csv.contains("\r\n\"a, \"\"quoted\"\" version\",1.5,")) << csv.toStdString();
}

}  // namespace
}  // namespace kc
