// The kernel lab's editor without a GPU: the compile waits for the typing to stop and drops results
// for text that changed since; diagnostics become gutter markers on the right lines (a header's
// at its #include) and a list that jumps to LINE:COL; only a version that compiles is handed on,
// so the last good one keeps running; files changed on disk (written in place or replaced) are
// reloaded; the built-in stages' kernels open as editable copies; CUDA colours. A fake compiler
// makes it deterministic; one case uses the real NVRTC where the build has it.
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

TEST(CompileScheduler, CompilesOnceAfterTheTypingStops) {
  test::testApplication();
  struct Call {
    std::string text;
    Clock::time_point at;
  };
  auto calls = std::make_shared<std::vector<Call>>();
  auto mutex = std::make_shared<std::mutex>();
  CompileScheduler scheduler([calls, mutex](const CompileRequest& request) {
    const std::lock_guard lock(*mutex);
    calls->push_back({request.text, Clock::now()});
    return CompileResult{request, {}, std::nullopt, ""};
  });
  scheduler.setDelayMs(150);
  std::vector<CompileResult> results;
  QObject::connect(&scheduler, &CompileScheduler::compiled, [&](const CompileResult& r) { results.push_back(r); });
  Clock::time_point lastEdit;
  for (const char* text : {"a", "ab", "abc", "abcd", "abcde"}) {
    scheduler.edited("k.cu", text);
    lastEdit = Clock::now();
    processEventsUntil([] { return false; }, 40);  // keystrokes 40 ms apart: the debounce never fires
  }
  ASSERT_TRUE(processEventsUntil([&] { return !results.empty(); }, 3000));
  processEventsUntil([] { return false; }, 300);  // nothing more comes
  const std::lock_guard lock(*mutex);
  ASSERT_EQ(calls->size(), 1u);
  EXPECT_EQ(calls->front().text, "abcde");
  EXPECT_GE(calls->front().at - lastEdit, std::chrono::milliseconds(140));
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results.front().request.text, "abcde");
  EXPECT_EQ(results.front().request.revision, scheduler.latestRevision());
  EXPECT_LE(results.front().request.editedAt, Clock::now());
}

// With no delay (the editor's default) a keystroke's compile starts in the edit's own handler, not
// at the event loop's next turn, where the window's repaint for the keystroke came first (5-8 ms
// on the H200); the result says when the compile began and returned on its thread.
TEST(CompileScheduler, WithNoDelayAnEditStartsItsCompileAtOnce) {
  test::testApplication();
  CompileScheduler scheduler([](const CompileRequest& request) {
    return CompileResult{request, {}, std::nullopt, ""};
  });
  ASSERT_EQ(scheduler.delayMs(), 0);
  std::vector<quint64> started;
  QObject::connect(&scheduler, &CompileScheduler::compileStarted,
                   [&](quint64 revision) { started.push_back(revision); });
  std::vector<CompileResult> results;
  QObject::connect(&scheduler, &CompileScheduler::compiled, [&](const CompileResult& r) { results.push_back(r); });
  scheduler.edited("k.cu", "a");
  ASSERT_EQ(started.size(), 1u) << "the compile waits for the event loop";
  EXPECT_TRUE(scheduler.compiling());
  EXPECT_FALSE(scheduler.waiting());
  ASSERT_TRUE(processEventsUntil([&] { return !results.empty(); }, 3000));
  const CompileResult& result = results.front();
  EXPECT_EQ(result.request.text, "a");
  EXPECT_GE(result.startedAt, result.request.editedAt);
  EXPECT_GE(result.finishedAt, result.startedAt);
}

TEST(CompileScheduler, TextTypedDuringACompileIsCompiledNextAndTheStaleResultDropped) {
  test::testApplication();
  auto texts = std::make_shared<std::vector<std::string>>();
  auto mutex = std::make_shared<std::mutex>();
  CompileScheduler scheduler([texts, mutex](const CompileRequest& request) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));  // a slow compile
    const std::lock_guard lock(*mutex);
    texts->push_back(request.text);
    return CompileResult{request, {}, std::nullopt, ""};
  });
  scheduler.setDelayMs(20);
  std::vector<std::string> shown;
  QObject::connect(&scheduler, &CompileScheduler::compiled,
                   [&](const CompileResult& r) { shown.push_back(r.request.text); });
  scheduler.compileNow("k.cu", "first");
  ASSERT_TRUE(scheduler.compiling());
  processEventsUntil([] { return false; }, 50);
  scheduler.edited("k.cu", "second");  // while "first" compiles
  ASSERT_TRUE(processEventsUntil([&] { return !shown.empty(); }, 5000));
  processEventsUntil([] { return false; }, 300);
  EXPECT_EQ(shown, std::vector<std::string>{"second"});  // "first" belonged to no text on screen
  const std::lock_guard lock(*mutex);
  EXPECT_EQ(*texts, (std::vector<std::string>{"first", "second"}));
}

// ---- gutter marks ----------------------------------------------------------------------------

TEST(GutterMarks, DiagnosticsLandOnTheirLines) {
  const QString text = QStringLiteral("#include \"helpers.cuh\"\nline2\nline3\n#include <other.cuh>\nline5");
  const std::vector<lab::Diagnostic> diagnostics{
      {"/k/blur.cu", 3, 7, lab::Severity::Warning, "unused"},
      {"/k/blur.cu", 3, 9, lab::Severity::Error, "undefined"},           // same line: the error colours it
      {"/k/helpers.cuh", 12, 1, lab::Severity::Error, "in the header"},  // at its #include
      {"/k/blur.cu", 0, 0, lab::Severity::Error, "ptxas: no place"},     // line 1
      {"/k/blur.cu", 99, 1, lab::Severity::Error, "past the end"},       // the last line
      {"/elsewhere/missing.cuh", 4, 1, lab::Severity::Warning, "not included by name"},  // line 1
  };
  const auto marks = gutterMarks(diagnostics, "/k/blur.cu", text);
  ASSERT_EQ(marks.size(), 3u);
  EXPECT_EQ(marks[0].line, 1);
  EXPECT_EQ(marks[0].severity, lab::Severity::Error);
  EXPECT_TRUE(marks[0].text.contains(QStringLiteral("helpers.cuh:12:1: error: in the header")));
  EXPECT_TRUE(marks[0].text.contains(QStringLiteral("ptxas: no place")));
  EXPECT_TRUE(marks[0].text.contains(QStringLiteral("not included by name")));
  EXPECT_EQ(marks[1].line, 3);
  EXPECT_EQ(marks[1].severity, lab::Severity::Error);
  EXPECT_EQ(marks[1].text, QStringLiteral("/k/blur.cu:3:7: warning: unused\n/k/blur.cu:3:9: error: undefined"));
  EXPECT_EQ(marks[2].line, 5);
  EXPECT_TRUE(gutterMarks({}, "/k/blur.cu", text).empty());
  // A header included as <other.cuh>: its messages go to line 4.
  const auto other = gutterMarks({{"/usr/include/other.cuh", 2, 1, lab::Severity::Error, "x"}}, "/k/blur.cu", text);
  ASSERT_EQ(other.size(), 1u);
  EXPECT_EQ(other[0].line, 4);
}

// ---- the panel ------------------------------------------------------------------------------

TEST_F(LabPanel, OnlyVersionsThatCompileAreHandedOnTheLastGoodOneStays) {
  const std::string path = dir_.file("k.cu");
  test::writeBytes(path, kGood);
  ASSERT_TRUE(panel_->openFile(QString::fromStdString(path)));
  ASSERT_TRUE(settle());
  ASSERT_EQ(ready_.size(), 1u);
  EXPECT_EQ(ready_[0]->source.text, kGood);
  ASSERT_TRUE(ready_[0]->compiled);
  EXPECT_EQ(ready_[0]->analysis.annotations.params.at(0).name, "gain");
  EXPECT_TRUE(panel_->editor()->marks().empty());
  EXPECT_TRUE(panel_->statusText().startsWith(QStringLiteral("compiled in")));
  EXPECT_TRUE(panel_->resourcesText().contains(QStringLiteral("block 16x16")));

  panel_->editor()->jumpTo(6, 3);
  type(QStringLiteral("oops "));  // a typo: one keystroke burst, one compile
  ASSERT_TRUE(settle());
  EXPECT_EQ(ready_.size(), 1u);
  EXPECT_EQ(panel_->lastGood(), ready_[0]);
  EXPECT_TRUE(panel_->statusText().contains(QStringLiteral("the last good kernel keeps running")));
  EXPECT_TRUE(panel_->resourcesText().startsWith(QStringLiteral("last good:")));
  EXPECT_TRUE(panel_->modified());

  QTextCursor cursor = panel_->editor()->textCursor();
  cursor.movePosition(QTextCursor::Left, QTextCursor::KeepAnchor, 5);
  cursor.removeSelectedText();  // fixed
  ASSERT_TRUE(settle());
  ASSERT_EQ(ready_.size(), 2u);
  EXPECT_EQ(ready_[1]->source.text, kGood);
  EXPECT_NE(ready_[1]->revision, ready_[0]->revision);
  EXPECT_GT(ready_[1]->editedAt, ready_[0]->editedAt);  // the fix's edit, for the edit-to-frame clock
  EXPECT_TRUE(panel_->editor()->marks().empty());
}

TEST_F(LabPanel, ChangesOnDiskAreReloadedWhetherWrittenInPlaceOrReplaced) {
  const std::string path = dir_.file("k.cu");
  test::writeBytes(path, kGood);
  ASSERT_TRUE(panel_->openFile(QString::fromStdString(path)));
  ASSERT_TRUE(settle());
  // Another editor writes into the file.
  const std::string inPlace = kGood + "// saved by another editor\n";
  test::writeBytes(path, inPlace);
  ASSERT_TRUE(processEventsUntil([&] { return panel_->editor()->toPlainText().toStdString() == inPlace; }, 5000));
  ASSERT_TRUE(settle());
  EXPECT_EQ(ready_.back()->source.text, inPlace);
  // Another editor writes a new file and renames it over this one (vim, most IDEs): twice, so
  // the watch is known to follow the new file.
  for (const char* marker : {"// replaced once\n", "// replaced twice\n"}) {
    const std::string replaced = kGood + marker;
    test::writeBytes(path + ".tmp", replaced);
    std::filesystem::rename(path + ".tmp", path);
    ASSERT_TRUE(processEventsUntil([&] { return panel_->editor()->toPlainText().toStdString() == replaced; }, 5000))
        << marker;
    ASSERT_TRUE(settle());
    EXPECT_EQ(ready_.back()->source.text, replaced);
  }
  EXPECT_FALSE(panel_->modified());
  // Our own save is not a change to reload.
  const int before = *compiles_;
  ASSERT_TRUE(panel_->save());
  processEventsUntil([] { return false; }, 400);
  EXPECT_EQ(*compiles_, before);
}

TEST_F(LabPanel, EditsOfBothSidesAreNotOverwritten) {
  const std::string path = dir_.file("k.cu");
  test::writeBytes(path, kGood);
  ASSERT_TRUE(panel_->openFile(QString::fromStdString(path)));
  ASSERT_TRUE(settle());
  panel_->editor()->jumpTo(7, 2);
  type(QStringLiteral("\n// mine\n"));
  test::writeBytes(path, kGood + "// theirs\n");
  processEventsUntil([] { return false; }, 600);
  EXPECT_TRUE(panel_->editor()->toPlainText().contains(QStringLiteral("// mine")));  // kept: the user chooses
}

TEST_F(LabPanel, BuiltInKernelsOpenAsEditableCopiesAndCompile) {
  ASSERT_EQ(builtInKernels().size(), 7u);
  for (const BuiltInKernel& kernel : builtInKernels()) {
    SCOPED_TRACE(kernel.fileName.toStdString());
    ASSERT_FALSE(builtInKernelText(kernel.fileName).isEmpty());
    ASSERT_TRUE(panel_->openBuiltIn(kernel.fileName));
    ASSERT_TRUE(settle());
    const QString copy = QString::fromStdString(dir_.file("lab/")) + kernel.fileName;
    EXPECT_EQ(panel_->path(), copy);
    EXPECT_TRUE(QFileInfo::exists(copy));
    EXPECT_TRUE(QFileInfo(copy).isWritable());
    EXPECT_TRUE(panel_->editor()->marks().empty()) << panel_->editor()->marks()[0].text.toStdString();
    EXPECT_EQ(panel_->abChainA(), kernel.counterpart);
    EXPECT_EQ(panel_->abChainB(), QStringLiteral("kernel=") + copy);
  }
  // A second open keeps the user's edits of the copy.
  const std::string grey = dir_.file("lab/grey.cu");
  test::writeBytes(grey, kGood);
  ASSERT_TRUE(panel_->openBuiltIn(QStringLiteral("grey.cu")));
  EXPECT_EQ(panel_->editor()->toPlainText().toStdString(), kGood);
  EXPECT_FALSE(panel_->openBuiltIn(QStringLiteral("nope.cu")));
}

TEST_F(LabPanel, NewWritesTheTemplateAndNeverReplacesAFile) {
  const QString path = QString::fromStdString(dir_.file("new.cu"));
  ASSERT_TRUE(panel_->newFile(path));
  ASSERT_TRUE(settle());
  EXPECT_EQ(ready_.size(), 1u);
  EXPECT_FALSE(panel_->newFile(path));
  EXPECT_TRUE(panel_->statusText().contains(QStringLiteral("not replaced")));
  EXPECT_FALSE(panel_->openFile(QString::fromStdString(dir_.file("missing.cu"))));
  EXPECT_TRUE(panel_->statusText().contains(QStringLiteral("no such file")));
}

TEST(CudaHighlighter, AnnotationsKeywordsAndCommentsGetTheirColours) {
  test::testApplication();
  CodeEditor editor;
  editor.setPlainText(QStringLiteral("// @param radius int 1..7 = 2\n__global__ void k() { /* a\nb */ int x = 3; }"));
  auto colourAt = [&](int block, int column) {
    const QTextBlock b = editor.document()->findBlockByNumber(block);
    for (const QTextLayout::FormatRange& range : b.layout()->formats())
      if (column >= range.start && column < range.start + range.length) return range.format.foreground().color();
    return QColor();
  };
  const CudaHighlighter& h = *editor.highlighter();
  using C = CudaHighlighter::Category;
  EXPECT_EQ(colourAt(0, 4), h.formatOf(C::Annotation).foreground().color());  // @param
  EXPECT_EQ(colourAt(0, 12), h.formatOf(C::Comment).foreground().color());    // radius
  EXPECT_EQ(colourAt(1, 2), h.formatOf(C::Keyword).foreground().color());     // __global__
  EXPECT_EQ(colourAt(1, 23), h.formatOf(C::Comment).foreground().color());    // inside /* */
  EXPECT_EQ(colourAt(2, 0), h.formatOf(C::Comment).foreground().color());     // still inside, next line
  EXPECT_EQ(colourAt(2, 5), h.formatOf(C::Type).foreground().color());        // int
  EXPECT_EQ(colourAt(2, 13), h.formatOf(C::Number).foreground().color());     // 3
}

}  // namespace
}  // namespace kc
