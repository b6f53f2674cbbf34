// The proof that a demo is one record: a throw-away demo registered in this test binary
// (tests/support/squares_demo.hpp), with no other change anywhere, is a `kernelcam demo` subcommand
// (its options, help, checks, table and JSON), a choice of the window's demo panel with a form
// generated from its parameters, and runs from both.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSpinBox>

#include "app/cli/commands.hpp"
#include "gpu/core/cpu_name.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/squares_demo.hpp"
#include "tests/support/qt_test_app.hpp"
#include "ui/demos/demo_form.hpp"
#include "ui/demos/demo_panel.hpp"
#include "ui/demos/demo_results_table.hpp"

namespace kc {
namespace {

// `kernelcam demo ARGS` in this process (where the throw-away demo is registered): exit code and output.
test::CliRun demoCommand(const QStringList& arguments) {
  return test::runInProcess(cli::runDemo, QStringList{QStringLiteral("kernelcam demo")} + arguments);
}

class SquaresDemo : public testing::Test {
 protected:
  test::ScopedSquaresDemo squares_;
};

TEST_F(SquaresDemo, IsACommandWithItsOptionsHelpAndChecks) {
  const test::CliRun overview = demoCommand({"--help"});
  EXPECT_EQ(overview.exitCode, 0);
  EXPECT_NE(overview.out.find("Usage: kernelcam demo reduce|matmul|cg|squares [options]"), std::string::npos)
      << overview.out;
  EXPECT_NE(overview.out.find("Usage: kernelcam demo squares [options]"), std::string::npos);

  const test::CliRun help = demoCommand({"squares", "--help"});
  EXPECT_EQ(help.exitCode, 0);
  for (const char* line : {"Sum i^2 for i = 1..n", "--n <N>", "How many squares (default 1000).", "--order <ORDER>",
                           "--reps <N>", "--backend <NAME>", "--json <PATH>"})
    EXPECT_NE(help.out.find(line), std::string::npos) << line << "\n" << help.out;

  const test::CliRun none = demoCommand({});
  EXPECT_EQ(none.exitCode, 2);
  EXPECT_EQ(none.err, "kernelcam: demo: which one? reduce, matmul, cg or squares (try --help)\n");
  const test::CliRun range = demoCommand({"squares", "--n", "0", "--backend", "cpu"});
  EXPECT_EQ(range.exitCode, 2);
  EXPECT_EQ(range.err, "kernelcam: demo squares: --n '0': out of range, expected 1..1000000\n");
  const test::CliRun choice = demoCommand({"squares", "--order", "sideways", "--backend", "cpu"});
  EXPECT_EQ(choice.exitCode, 2);
  EXPECT_EQ(choice.err, "kernelcam: demo squares: --order: unknown order 'sideways' (expected up or down)\n");
  const test::CliRun typo = demoCommand({"squares", "--ordr", "up"});
  EXPECT_EQ(typo.exitCode, 2);
  EXPECT_NE(typo.err.find("did you mean --order?"), std::string::npos) << typo.err;
}

TEST_F(SquaresDemo, RunsFromTheCommandLineWithItsTableAndJson) {
  const std::string json = test::cliTempPath("squares.json");
  const test::CliRun run = demoCommand(
      {"squares", "--n", "10", "--order", "down", "--backend", "cpu", "--json", QString::fromStdString(json)});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_NE(run.out.find("squares demo on " + cpuModelName() + " (backend cpu): sum of squares 1..10"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("closed form"), std::string::npos);
  QFile file(QString::fromStdString(json));
  ASSERT_TRUE(file.open(QIODevice::ReadOnly));
  const QJsonObject report = QJsonDocument::fromJson(file.readAll()).object();
  EXPECT_EQ(report["schema"].toString(), QStringLiteral("kernelcam-demo/2"));
  EXPECT_EQ(report["demo"].toString(), QStringLiteral("squares"));
  EXPECT_TRUE(report["all_correct"].toBool());
  ASSERT_EQ(report["rows"].toArray().size(), 2);
  EXPECT_EQ(report["rows"].toArray()[1].toObject()["result"].toString(), QStringLiteral("385"));
  std::remove(json.c_str());
}

TEST_F(SquaresDemo, IsAChoiceOfThePanelWithAGeneratedFormAndRunsThere) {
  test::testApplication();
  DemoPanel panel(cpuOnlyDemoRunners());
  ASSERT_TRUE(panel.selectDemo("squares"));
  auto* choice = panel.findChild<QComboBox*>(QStringLiteral("demoChoice"));
  ASSERT_NE(choice, nullptr);
  EXPECT_EQ(choice->currentText(), QStringLiteral("sum of squares"));
  DemoForm* form = panel.form("squares");
  ASSERT_NE(form, nullptr);
  auto* n = form->findChild<QSpinBox*>(QStringLiteral("squaresN"));
  auto* order = form->findChild<QComboBox*>(QStringLiteral("squaresOrder"));
  ASSERT_NE(n, nullptr);
  ASSERT_NE(order, nullptr);
  EXPECT_EQ(n->value(), 1000) << "the descriptor's default";
  EXPECT_EQ(n->maximum(), 1000000) << "its range";
  EXPECT_EQ(order->count(), 2);
  EXPECT_EQ(n->toolTip(), QStringLiteral("How many squares (default 1000)."));
  n->setValue(10);
  order->setCurrentIndex(1);
  EXPECT_EQ(form->value("order"), QStringLiteral("down"));

  ASSERT_TRUE(panel.run());
  ASSERT_TRUE(test::processEventsUntil([&] { return !panel.running(); }, 30000));
  EXPECT_FALSE(panel.lastRunFailed()) << panel.message().toStdString();
  ASSERT_EQ(panel.results()->rowCount(), 2);
  EXPECT_EQ(panel.results()->cellText(1, QStringLiteral("version")), QStringLiteral("closed form"));
  EXPECT_EQ(panel.results()->cellText(1, QStringLiteral("correct")), QStringLiteral("yes"));
  EXPECT_EQ(panel.results()->cellText(1, QStringLiteral("result / note")), QStringLiteral("385"));
}

}  // namespace
}  // namespace kc
