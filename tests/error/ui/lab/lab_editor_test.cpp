// Must-fail: kernels the lab's editor cannot compile, and a compiler that throws: the error is a
// marker at the user's line and an entry in the list, never a crash. The editor's normal work is in
// tests/ui/lab/lab_editor_test.cpp.
#include <gtest/gtest.h>

#include <QFileInfo>
#include <QListWidget>
#include <QTextBlock>
#include <QThread>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

#include "app/lab/machine_toolchain.hpp"
#include "gpu/lab/source_scan.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/lab/builtin_kernels.hpp"
#include "ui/lab/code_editor.hpp"
#include "ui/lab/compile_scheduler.hpp"
#include "ui/lab/cuda_highlighter.hpp"
#include "ui/lab/gutter_marks.hpp"
#include "ui/lab/kernel_lab_panel.hpp"
#include "tests/ui/lab/lab_panel_fixture.hpp"

namespace kc {
namespace {

using namespace kc::test;

using Clock = std::chrono::steady_clock;
using test::processEventsUntil;

// ---- CompileScheduler ------------------------------------------------------------------------

TEST(CompileScheduler, ACompilerThatThrowsIsReportedNotFatal) {
  test::testApplication();
  CompileScheduler scheduler([](const CompileRequest&) -> CompileResult { throw std::runtime_error("NVRTC broke"); });
  std::optional<CompileResult> result;
  QObject::connect(&scheduler, &CompileScheduler::compiled, [&](const CompileResult& r) { result = r; });
  scheduler.compileNow("k.cu", "x");
  ASSERT_TRUE(processEventsUntil([&] { return result.has_value(); }, 3000));
  EXPECT_EQ(result->failure, "NVRTC broke");
}

TEST_F(LabPanel, AnErrorIsAMarkerAndAListEntryThatJumpsToItsPlace) {
  const std::string path = dir_.file("k.cu");
  std::string text = kGood;
  text.replace(text.find("in.rgba(x, y)"), 2, "oops");  // line 6, column 21
  test::writeBytes(path, text);
  ASSERT_TRUE(panel_->openFile(QString::fromStdString(path)));
  ASSERT_TRUE(settle());
  ASSERT_EQ(panel_->editor()->marks().size(), 1u);
  EXPECT_EQ(panel_->editor()->marks()[0].line, 6);
  EXPECT_EQ(panel_->editor()->marks()[0].severity, lab::Severity::Error);
  EXPECT_NE(panel_->editor()->markAt(6), nullptr);
  EXPECT_EQ(panel_->editor()->markAt(5), nullptr);
  ASSERT_EQ(panel_->diagnosticsList()->count(), 1);
  QListWidgetItem* item = panel_->diagnosticsList()->item(0);
  EXPECT_EQ(item->text(), QStringLiteral("k.cu:6:21: error: identifier \"oops\" is undefined"));
  EXPECT_EQ(item->toolTip().toStdString(), path + ":6:21: error: identifier \"oops\" is undefined");
  EXPECT_TRUE(ready_.empty());  // nothing that does not compile is handed on
  EXPECT_TRUE(panel_->statusText().contains(QStringLiteral("1 error")));

  panel_->editor()->jumpTo(1, 1);
  emit panel_->diagnosticsList()->itemClicked(item);
  EXPECT_EQ(panel_->editor()->cursorLine(), 6);
  EXPECT_EQ(panel_->editor()->cursorColumn(), 21);
}

// The real compiler where the build has it: NVRTC's error lands on the user's line.
TEST(LabPanelNvrtc, TheCompilersErrorIsMarkedAtTheUsersLine) {
  test::testApplication();
  const lab::LabToolchain toolchain = labToolchain();
  if (!toolchain.compile) GTEST_SKIP() << toolchain.unavailable;
  test::TempDir dir;
  const std::string path = dir.file("k.cu");
  std::string text = kGood;
  text.replace(text.find("in.rgba(x, y)"), 13, "in.rgba(x, y, z)");
  test::writeBytes(path, text);
  KernelLabPanel panel(toolchain, QString::fromStdString(dir.file("lab")));
  ASSERT_TRUE(panel.openFile(QString::fromStdString(path)));
  ASSERT_TRUE(processEventsUntil([&] { return !panel.editor()->marks().empty(); }, 60000))
      << panel.statusText().toStdString();
  EXPECT_EQ(panel.editor()->marks()[0].line, 6);
  EXPECT_TRUE(panel.editor()->marks()[0].text.contains(QStringLiteral(":6:")))
      << panel.editor()->marks()[0].text.toStdString();
}

}  // namespace
}  // namespace kc
