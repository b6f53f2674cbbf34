// The course in the window (Lab > Exercises): the exercise chosen opens its statement beside the
// editor and the student's file in it (created from the starting code once), hints come one at a
// time and are remembered, Reset puts the starting code back after asking, an image exercise runs
// on the stream as A/B against kernelcam's reference with the heat map, and Check shows each goal.
// Runs under Xvfb on the CPU backend (CI: the check compiles and says the goals need a device) and
// on the lent GPU (the goals measured: met for the reference solution, unmet for the starting code),
// where it saves screenshots of both and of the heat map.
#include <gtest/gtest.h>

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QListWidget>
#include <QPushButton>
#include <QScreen>

#include "app/lab/exercise_service.hpp"
#include "gpu/exercises/exercise_registry.hpp"
#include "gpu/plugin/cuda_backend_loader.hpp"
#include "tests/gpu/exercises/exercise_fixtures.hpp"
#include "tests/ui/lab/lab_window_fixture.hpp"
#include "ui/lab/exercise_dock.hpp"
#include "ui/lab/exercise_panel.hpp"

namespace kc {
namespace {

using namespace kc::test;

class ExerciseWindow : public LabWindow {
 protected:
  void SetUp() override {
    LabWindow::SetUp();
    if (IsSkipped()) return;
    qputenv("XDG_DATA_HOME", QByteArray::fromStdString(dir_.file("data")));  // the progress file
    save_ = unguardedSaveFile();
    exercises_ =
        installExercises(*window_, *panel_, makeExerciseService(QString::fromStdString(dir_.file("lab")), save_));
    exercises_->setConfirm([this](const QString&) { return confirmAnswer_; });
    QObject::connect(exercises_, &ExercisePanel::exerciseOpened, panel_,
                     [this](const QString& id, const QString& path) {
                       showExerciseOnTheStream(*panel_, id.toStdString(), path, save_);
                     });
    window_->resize(1280, 720);
  }
  // Waits for the check in flight.
  bool checked() {
    return processEventsUntil([this] { return !exercises_->checking(); }, 300000);
  }
  std::string goalLines() const {
    std::string text;
    for (int i = 0; i < exercises_->goalsList()->count(); ++i)
      text += exercises_->goalsList()->item(i)->text().toStdString() + "\n";
    return text;
  }
  void screenshot(const char* name) {
    const QString folder = qEnvironmentVariable("KC_SCREENSHOT_DIR");
    if (folder.isEmpty()) return;
    processEventsUntil([] { return false; }, 500);
    window_->grab().save(folder + QStringLiteral("/") + QLatin1String(name));
  }

  SaveFile save_;
  ExercisePanel* exercises_ = nullptr;
  bool confirmAnswer_ = true;
};

TEST_F(ExerciseWindow, ChoosingAnExerciseOpensItsStatementAndTheStudentsFile) {
  QAction* action = nullptr;
  for (QAction* a : window_->findChildren<QAction*>())
    if (a->text() == QStringLiteral("Exercises\u2026")) action = a;
  ASSERT_NE(action, nullptr) << "Lab > Exercises";
  EXPECT_EQ(action->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));
  action->trigger();
  ASSERT_TRUE(processEventsUntil([this] { return exerciseDock(*window_)->isVisible(); }, 5000));
  EXPECT_TRUE(kernelLabDock(*window_)->isVisible());
  EXPECT_EQ(exercises_->exerciseChoice()->count(), static_cast<int>(exercises::exerciseRegistry().ids().size()));
  EXPECT_TRUE(exercises_->exerciseChoice()->itemText(0).contains(QStringLiteral("not checked yet")));

  ASSERT_TRUE(exercises_->choose("grayscale")) << exercises_->statusText().toStdString();
  const QString path = exerciseFilePath(QString::fromStdString(dir_.file("lab")), "grayscale");
  EXPECT_EQ(panel_->path(), path);
  const auto* e = exercises::exerciseRegistry().find("grayscale");
  EXPECT_EQ(panel_->editor()->toPlainText().toStdString(), exercises::exerciseFile(*e, "start.cu"));
  EXPECT_TRUE(exercises_->statementText().startsWith(QStringLiteral("Grayscale")))
      << exercises_->statementText().toStdString();
  // An image exercise runs on the stream beside kernelcam's: A/B with the heat map.
  EXPECT_EQ(panel_->abChainA(), QStringLiteral("kernel=") + path);
  EXPECT_EQ(panel_->abChainB(), QStringLiteral("gray=lab"));
  EXPECT_EQ(panel_->abView(), AbView::HeatMap);

  // The student's work is never lost: unsaved edits are saved when another exercise is chosen, and
  // choosing this one again opens them, not the starting code.
  panel_->editor()->replaceText(QStringLiteral("// @exercise grayscale\n// my work\n"));  // as typing does
  ASSERT_TRUE(panel_->modified());
  ASSERT_TRUE(exercises_->choose("reduce-sum"));
  ASSERT_TRUE(exercises_->choose("grayscale"));
  EXPECT_EQ(panel_->editor()->toPlainText(), QStringLiteral("// @exercise grayscale\n// my work\n"));
}

TEST_F(ExerciseWindow, HintsComeOneAtATimeAndAreRemembered) {
  ASSERT_TRUE(exercises_->choose("reduce-sum"));
  EXPECT_TRUE(exercises_->hintsText().isEmpty());
  exercises_->revealHint();
  EXPECT_TRUE(exercises_->hintsText().contains(QStringLiteral("Hint 1 of")));
  EXPECT_FALSE(exercises_->hintsText().contains(QStringLiteral("Hint 2 of")));
  exercises_->revealHint();
  EXPECT_TRUE(exercises_->hintsText().contains(QStringLiteral("Hint 2 of")));
  ASSERT_TRUE(exercises_->choose("grayscale"));
  EXPECT_TRUE(exercises_->hintsText().isEmpty());
  ASSERT_TRUE(exercises_->choose("reduce-sum"));
  EXPECT_TRUE(exercises_->hintsText().contains(QStringLiteral("Hint 2 of"))) << "two hints, as before";
}

TEST_F(ExerciseWindow, ResetPutsTheStartingCodeBackOnlyWhenTheStudentSaysSo) {
  ASSERT_TRUE(exercises_->choose("reduce-sum"));
  panel_->editor()->setPlainText(QStringLiteral("// @exercise reduce-sum\n// my work\n"));
  ASSERT_TRUE(panel_->save());
  confirmAnswer_ = false;
  EXPECT_FALSE(exercises_->reset());
  EXPECT_EQ(panel_->editor()->toPlainText(), QStringLiteral("// @exercise reduce-sum\n// my work\n"));
  confirmAnswer_ = true;
  EXPECT_TRUE(exercises_->reset());
  const auto* e = exercises::exerciseRegistry().find("reduce-sum");
  EXPECT_EQ(panel_->editor()->toPlainText().toStdString(), exercises::exerciseFile(*e, "start.cu"));
}

// Check: on the CPU machine it compiles and says the goals need a device; on the GPU the starting
// code misses (what differs) and the reference solution meets every goal.
TEST_F(ExerciseWindow, CheckShowsEachGoalWithItsFigure) {
  if (!cudaKernelCompiler())
    GTEST_SKIP() << "a build without CUDA: no compiler for the check (" << cudaBackendLoadError() << ")";
  window_->show();
  exerciseDock(*window_)->show();
  ASSERT_TRUE(exercises_->choose("grayscale"));
  exercises_->check();
  ASSERT_TRUE(checked());
  const exercises::CheckReport* report = exercises_->lastReport();
  ASSERT_NE(report, nullptr) << exercises_->statusText().toStdString();
  EXPECT_TRUE(report->compiled);
  if (cudaDevices()->deviceCountOrZero() == 0) {
    EXPECT_FALSE(report->ran);
    EXPECT_EQ(exercises_->statusText(), QStringLiteral("It compiles; the goals need a CUDA device to run on"));
    EXPECT_NE(goalLines().find("Level 1 \u00b7 Correct on every hidden input: not measured: no CUDA device"),
              std::string::npos)
        << goalLines();
    return;
  }
  // The starting code writes nothing: level 1 missed, with what differs.
  EXPECT_TRUE(report->ran);
  EXPECT_FALSE(report->correct);
  EXPECT_NE(goalLines().find("\u2717 "), std::string::npos) << goalLines();
  screenshot("exercise-unmet.png");
  // The reference solution in the editor: every goal met.
  panel_->editor()->setPlainText(
      QString::fromStdString(fixtureKernel(exerciseFixtures("grayscale") / "solution.cu").text));
  exercises_->check();
  ASSERT_TRUE(checked());
  report = exercises_->lastReport();
  ASSERT_NE(report, nullptr);
  EXPECT_EQ(report->levelReached, report->maxLevel) << goalLines();
  EXPECT_NE(exercises_->exerciseChoice()->currentText().indexOf(QStringLiteral("level 3 of 3")), -1)
      << exercises_->exerciseChoice()->currentText().toStdString();
  screenshot("exercise-met.png");
}

}  // namespace
}  // namespace kc
