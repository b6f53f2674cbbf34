#pragma once
// The course in the window (Lab > Exercises): the exercises with the student's progress, the chosen
// one's statement beside the kernel editor, and its goals after a Check: each met one with its
// two-line "why", each unmet one with the measured figure beside the goal (a click jumps to the line
// it points at). Hint reveals the next hint; Reset puts the starting code back (after asking).
//
// The student's kernel is the lab editor's file (KernelLabPanel): choosing an exercise opens its
// file there (the app creates it from the starting code once and never overwrites it). ui/ includes
// no CUDA header: the check comes from the app as an ExerciseService and runs on a worker thread,
// so the live view keeps its frame rate meanwhile.
#include <QFutureWatcher>
#include <QString>
#include <QWidget>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gpu/exercises/exercise_check.hpp"

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTextBrowser;

namespace kc {

class KernelLabPanel;

struct ExerciseService {
  // The records in the course's order.
  std::function<std::vector<const exercises::ExerciseDefinition*>()> exercises;
  // "level 2 of 3", "not checked yet".
  std::function<QString(const std::string& id)> progressText;
  std::function<int(const std::string& id)> hintsShown;
  std::function<void(const std::string& id, int shown)> recordHints;
  // The student's file for the exercise, created from its starting code when it does not exist yet;
  // "" with `error` set when it cannot be.
  std::function<QString(const std::string& id, QString* error)> fileFor;
  // The starting code written over the student's file; false with `error` set when it cannot be.
  std::function<bool(const std::string& id, QString* error)> reset;
  // A check of `source`: the returned work runs on a worker thread. Empty where nothing can
  // compile (`unavailable` says why).
  std::function<std::function<exercises::CheckReport()>(const std::string& id, const lab::KernelSource& source)> check;
  std::function<void(const exercises::CheckReport& report)> checked;  // progress, A/B follow-up
  std::string unavailable;
};

class ExercisePanel : public QWidget {
  Q_OBJECT
 public:
  ExercisePanel(ExerciseService service, KernelLabPanel& lab, QWidget* parent = nullptr);
  ~ExercisePanel() override;

  // Opens the exercise (its statement, its file in the editor). False with the reason in the status.
  bool choose(const std::string& id);
  std::string current() const { return current_; }
  void check();  // Check: the editor's text, as it is now (saved or not)
  void revealHint();
  bool reset();  // asks first; tests answer through setConfirm
  void setConfirm(std::function<bool(const QString& question)> confirm) { confirm_ = std::move(confirm); }

  bool checking() const;
  QString statusText() const;
  QString hintsText() const;
  QString statementText() const;
  QListWidget* goalsList() const { return goals_; }
  QPushButton* checkButton() const { return checkButton_; }
  QComboBox* exerciseChoice() const { return choice_; }
  // The last check's report (nullptr before one).
  const exercises::CheckReport* lastReport() const { return report_ ? &*report_ : nullptr; }

 signals:
  void exerciseOpened(const QString& id, const QString& path);
  void checkFinished();

 private:
  void buildUi();
  void refreshChoice();
  void showReport(const exercises::CheckReport& report);
  void showHints();
  void setStatus(const QString& text, bool problem);

  ExerciseService service_;
  KernelLabPanel& lab_;
  std::string current_;
  int hintsRevealed_ = 0;
  bool checking_ = false;
  std::optional<exercises::CheckReport> report_;
  std::function<bool(const QString&)> confirm_;
  QComboBox* choice_ = nullptr;
  QTextBrowser* statement_ = nullptr;
  QPushButton* checkButton_ = nullptr;
  QPushButton* hintButton_ = nullptr;
  QPushButton* resetButton_ = nullptr;
  QLabel* hints_ = nullptr;
  QListWidget* goals_ = nullptr;
  QLabel* status_ = nullptr;
  QFutureWatcher<exercises::CheckReport>* watcher_ = nullptr;
};

}  // namespace kc
