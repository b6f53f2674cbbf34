// Must-fail: the demo panel given a matrix file that is missing or a tolerance it cannot take: a
// message in the panel naming the file or the value, nothing runs, and the panel runs again. Its runs
// are in tests/ui/demos/demo_panel_test.cpp.
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

TEST(DemoPanel, MissingMatrixFileIsAMessageAndThePanelRunsAgain) {
  test::testApplication();
  DemoPanel panel(cpuOnlyDemoRunners(), kMatrixDir);
  panel.selectDemo("cg");
  DemoForm& form = *panel.form("cg");
  ASSERT_TRUE(form.setValue("matrix", "/nonexistent/missing.mtx"));
  ASSERT_TRUE(panel.run());
  ASSERT_TRUE(waitForRun(panel));
  EXPECT_TRUE(panel.lastRunFailed());
  EXPECT_TRUE(panel.message().contains(QStringLiteral("missing.mtx"))) << panel.message().toStdString();
  EXPECT_TRUE(runButton(panel)->isEnabled());

  ASSERT_TRUE(form.setValue("matrix", ""));
  ASSERT_TRUE(form.setValue("poisson", "6"));
  ASSERT_TRUE(panel.run());
  ASSERT_TRUE(waitForRun(panel));
  EXPECT_FALSE(panel.lastRunFailed()) << panel.message().toStdString();
  EXPECT_EQ(panel.results()->rowCount(), 1);
}

TEST(DemoPanel, BadToleranceIsRejectedBeforeAnythingRuns) {
  test::testApplication();
  DemoPanel panel(cpuOnlyDemoRunners(), kMatrixDir);
  panel.selectDemo("cg");
  panel.form("cg")->findChild<QLineEdit*>(QStringLiteral("cgTol"))->setText(QStringLiteral("small"));
  EXPECT_FALSE(panel.run());
  EXPECT_FALSE(panel.running());
  EXPECT_TRUE(panel.lastRunFailed());
  // The record's check, named as the form labels it.
  EXPECT_EQ(panel.message(), QStringLiteral("Tolerance: 'small': expected a number between 0 and 1 (such as 1e-8)"));
}

}  // namespace
}  // namespace kc
