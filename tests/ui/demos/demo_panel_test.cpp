// The demo panel on the CPU backend (CI has no CUDA device): small runs of each demo fill the
// table and the chart within seconds, failures become messages, and the panel runs again.
#include <gtest/gtest.h>

#include <QChart>
#include <QLineEdit>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPushButton>
#include <chrono>
#include <filesystem>
#include <thread>

#include "tests/support/test_data.hpp"
#include "gpu/core/error.hpp"
#include "tests/support/qt_test_app.hpp"
#include "ui/demos/demo_form.hpp"
#include "ui/demos/demo_panel.hpp"
#include "ui/demos/demo_results_table.hpp"
#include "ui/demos/kernel_source_view.hpp"
#include "tests/ui/demos/demo_panel_runs.hpp"

namespace kc {
namespace {

using namespace kc::test;

TEST(DemoPanel, ConstructsWithCudaGreyedWhenTheRunnersHaveNone) {
  test::testApplication();
  DemoPanel panel(cpuOnlyDemoRunners(), kMatrixDir);
  EXPECT_EQ(panel.backend(), Backend::Cpu);
  panel.setBackend(Backend::Cuda);
  EXPECT_EQ(panel.backend(), Backend::Cpu);
  // data/matrices's seven, compressed as they are stored.
  const QStringList matrices = panel.form("cg")->choices("matrix");
  EXPECT_TRUE(matrices.contains(QStringLiteral("nos2.mtx.gz"))) << matrices.join(", ").toStdString();
  EXPECT_EQ(matrices.size(), 7 + 2) << matrices.join(", ").toStdString();
  EXPECT_EQ(panel.form("cg")->choices("matrix").first(), QStringLiteral("Poisson 2D (N x N grid)"));
  EXPECT_EQ(panel.form("cg")->choices("matrix").last(), QStringLiteral("Open file..."));
  EXPECT_EQ(panel.results()->rowCount(), 0);
  EXPECT_FALSE(panel.running());
}

TEST(DemoPanel, SmallCpuReductionFillsTheTableWithACorrectCpuRow) {
  test::testApplication();
  DemoPanel panel(cpuOnlyDemoRunners(), kMatrixDir);
  ASSERT_TRUE(panel.selectDemo("reduce"));
  ASSERT_TRUE(panel.form("reduce")->setValue("n", "1000"));
  ASSERT_TRUE(panel.run());
  EXPECT_TRUE(panel.running());
  EXPECT_FALSE(runButton(panel)->isEnabled());
  ASSERT_TRUE(waitForRun(panel));
  EXPECT_FALSE(panel.lastRunFailed()) << panel.message().toStdString();
  EXPECT_TRUE(runButton(panel)->isEnabled());
  ASSERT_EQ(panel.results()->rowCount(), 1);
  EXPECT_TRUE(panel.results()->cellText(0, QStringLiteral("version")).startsWith(QStringLiteral("CPU")));
  EXPECT_EQ(panel.results()->cellText(0, QStringLiteral("correct")), QStringLiteral("yes"));
  EXPECT_FALSE(panel.results()->cellText(0, QStringLiteral("ms")).isEmpty());
  EXPECT_FALSE(panel.results()->cellText(0, QStringLiteral("GB/s")).isEmpty());
  EXPECT_EQ(panel.chart()->series().size(), 1);
  // The first row is selected: its source is on show, from the CPU reference file.
  EXPECT_TRUE(panel.sourceView()->shownFile().endsWith(QStringLiteral("reduce_cpu.cpp")));
  EXPECT_TRUE(panel.sourceView()->text().contains(QStringLiteral("referenceLoop")));
}

TEST(DemoPanel, SmallCpuMatmulFillsTheTableWithBothCpuRows) {
  test::testApplication();
  DemoPanel panel(cpuOnlyDemoRunners(), kMatrixDir);
  panel.selectDemo("matmul");
  DemoForm& form = *panel.form("matmul");
  for (const auto& [param, value] : {std::pair{"m", "48"}, {"n", "40"}, {"k", "32"}})
    ASSERT_TRUE(form.setValue(param, value));
  ASSERT_TRUE(panel.run());
  ASSERT_TRUE(waitForRun(panel));
  EXPECT_FALSE(panel.lastRunFailed()) << panel.message().toStdString();
  ASSERT_EQ(panel.results()->rowCount(), 2);
  for (int row = 0; row < 2; ++row) {
    EXPECT_EQ(panel.results()->cellText(row, QStringLiteral("correct")), QStringLiteral("yes"));
    EXPECT_FALSE(panel.results()->cellText(row, QStringLiteral("GFLOP/s")).isEmpty());
  }
  EXPECT_FALSE(panel.results()->cellText(1, QStringLiteral("vs CPU")).isEmpty());
  panel.results()->selectRow(1);
  EXPECT_TRUE(panel.sourceView()->text().contains(QStringLiteral("transposedLoop")));
}

TEST(DemoPanel, CgOnPoisson8DrawsTheResidualOnALogAxis) {
  test::testApplication();
  DemoPanel panel(cpuOnlyDemoRunners(), kMatrixDir);
  panel.selectDemo("cg");
  ASSERT_TRUE(panel.form("cg")->setValue("poisson", "8"));
  ASSERT_TRUE(panel.run());
  ASSERT_TRUE(waitForRun(panel));
  EXPECT_FALSE(panel.lastRunFailed()) << panel.message().toStdString();
  ASSERT_EQ(panel.results()->rowCount(), 1);
  EXPECT_EQ(panel.results()->cellText(0, QStringLiteral("status")), QStringLiteral("converged"));
  ASSERT_EQ(panel.chart()->series().size(), 1);
  const auto* residual = qobject_cast<QLineSeries*>(panel.chart()->series().front());
  ASSERT_NE(residual, nullptr);
  EXPECT_GT(residual->count(), 1);
  EXPECT_EQ(panel.chart()->axes(Qt::Vertical).size(), 1);
  EXPECT_NE(qobject_cast<QLogValueAxis*>(panel.chart()->axes(Qt::Vertical).front()), nullptr);
  EXPECT_TRUE(panel.sourceView()->text().contains(QStringLiteral("solveCgCpu")));
}

TEST(DemoPanel, RunsInTheBackgroundOneAtATimeAndReportsRunnerErrors) {
  test::testApplication();
  DemoRunners runners = cpuOnlyDemoRunners();
  std::atomic<bool> release{false};
  runners.run = [&](const demos::DemoRequest&, const demos::DemoAdmission&) -> std::unique_ptr<demos::DemoResult> {
    while (!release) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    throwError(__FILE__, __LINE__, "cudaMalloc", "out of memory (simulated)");
  };
  DemoPanel panel(runners, kMatrixDir);
  panel.selectDemo("reduce");
  ASSERT_TRUE(panel.run());
  // The GUI thread is free while the runner works: events flow, a second run is refused.
  int ticks = 0;
  test::processEventsUntil([&] { return ++ticks > 20; }, 2000);
  EXPECT_TRUE(panel.running());
  EXPECT_FALSE(panel.run());
  EXPECT_FALSE(runButton(panel)->isEnabled());
  release = true;
  ASSERT_TRUE(waitForRun(panel));
  EXPECT_TRUE(panel.lastRunFailed());
  EXPECT_TRUE(panel.message().contains(QStringLiteral("out of memory"))) << panel.message().toStdString();
  EXPECT_TRUE(runButton(panel)->isEnabled());
}

}  // namespace
}  // namespace kc
