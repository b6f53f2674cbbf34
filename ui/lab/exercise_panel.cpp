#include "ui/lab/exercise_panel.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "gpu/exercises/exercise_registry.hpp"
#include "ui/lab/code_editor.hpp"
#include "ui/lab/kernel_lab_panel.hpp"

namespace kc {
namespace {

constexpr int kLineRole = Qt::UserRole + 1;
QString q(const std::string& text) { return QString::fromStdString(text); }

}  // namespace

ExercisePanel::ExercisePanel(ExerciseService service, KernelLabPanel& lab, QWidget* parent)
    : QWidget(parent), service_(std::move(service)), lab_(lab) {
  confirm_ = [this](const QString& question) {
    return QMessageBox::question(this, tr("Exercise"), question) == QMessageBox::Yes;
  };
  buildUi();
  refreshChoice();
}

ExercisePanel::~ExercisePanel() {
  if (watcher_) watcher_->waitForFinished();  // the check's worker reads nothing of ours, but its result lands here
}

void ExercisePanel::buildUi() {
  auto* layout = new QVBoxLayout(this);
  choice_ = new QComboBox;
  choice_->setObjectName(QStringLiteral("exerciseChoice"));
  choice_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  layout->addWidget(choice_);
  statement_ = new QTextBrowser;
  statement_->setObjectName(QStringLiteral("exerciseStatement"));
  statement_->setOpenExternalLinks(false);
  layout->addWidget(statement_, 3);

  auto* buttons = new QHBoxLayout;
  checkButton_ = new QPushButton(tr("Check"));
  checkButton_->setToolTip(tr("Compile the editor's kernel and check it on hidden inputs against the goals"));
  hintButton_ = new QPushButton(tr("Hint"));
  resetButton_ = new QPushButton(tr("Reset to starting code"));
  buttons->addWidget(checkButton_);
  buttons->addWidget(hintButton_);
  buttons->addStretch();
  buttons->addWidget(resetButton_);
  layout->addLayout(buttons);

  hints_ = new QLabel;
  hints_->setWordWrap(true);
  hints_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(hints_);
  goals_ = new QListWidget;
  goals_->setObjectName(QStringLiteral("exerciseGoals"));
  goals_->setWordWrap(true);
  layout->addWidget(goals_, 2);
  status_ = new QLabel;
  status_->setWordWrap(true);
  layout->addWidget(status_);

  connect(choice_, &QComboBox::activated, this, [this](int index) {
    const std::string id = choice_->itemData(index).toString().toStdString();
    if (id != current_) choose(id);
  });
  connect(checkButton_, &QPushButton::clicked, this, &ExercisePanel::check);
  connect(hintButton_, &QPushButton::clicked, this, &ExercisePanel::revealHint);
  connect(resetButton_, &QPushButton::clicked, this, [this] { (void)reset(); });
  connect(goals_, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
    if (const int line = item->data(kLineRole).toInt(); line > 0) lab_.editor()->jumpTo(line, 1);
  });
  connect(goals_, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
    if (const int line = item->data(kLineRole).toInt(); line > 0) lab_.editor()->jumpTo(line, 1);
  });
  checkButton_->setEnabled(static_cast<bool>(service_.check));
  if (!service_.check) setStatus(q(service_.unavailable), true);
}

void ExercisePanel::refreshChoice() {
  const QSignalBlocker block(choice_);
  choice_->clear();
  int at = -1;
  for (const exercises::ExerciseDefinition* e : service_.exercises()) {
    choice_->addItem(q(e->title) + QStringLiteral(" \u2014 ") + service_.progressText(e->id), q(e->id));
    if (e->id == current_) at = choice_->count() - 1;
  }
  choice_->setCurrentIndex(at);
  if (at < 0) choice_->setPlaceholderText(tr("Choose an exercise"));
}

bool ExercisePanel::choose(const std::string& id) {
  const exercises::ExerciseDefinition* e = exercises::exerciseRegistry().find(id);
  if (!e) {
    setStatus(tr("No exercise '%1'").arg(q(id)), true);
    return false;
  }
  // The student's edits of the exercise open now are kept: saved before another file replaces them.
  if (!current_.empty() && lab_.modified() && !lab_.save()) {
    setStatus(lab_.statusText(), true);
    return false;
  }
  QString error;
  const QString path = service_.fileFor(id, &error);
  if (path.isEmpty() || !lab_.openFile(path)) {
    setStatus(error.isEmpty() ? lab_.statusText() : error, true);
    return false;
  }
  current_ = id;
  report_.reset();
  statement_->setMarkdown(q(exercises::exerciseFile(*e, e->statementFile)));
  goals_->clear();
  hintsRevealed_ = service_.hintsShown(id);
  showHints();
  refreshChoice();
  setStatus(tr("%1: edit the kernel, then Check").arg(path.section(QLatin1Char('/'), -1)), false);
  emit exerciseOpened(q(id), path);
  return true;
}

void ExercisePanel::revealHint() {
  const exercises::ExerciseDefinition* e = exercises::exerciseRegistry().find(current_);
  if (!e) return;
  if (hintsRevealed_ >= static_cast<int>(e->hints.size())) {
    setStatus(tr("That was the last hint"), false);
    return;
  }
  ++hintsRevealed_;
  service_.recordHints(current_, hintsRevealed_);
  showHints();
}

// The hints revealed so far, one per line; Hint stays available while there are more.
void ExercisePanel::showHints() {
  const exercises::ExerciseDefinition* e = exercises::exerciseRegistry().find(current_);
  QString text;
  const int count = e ? static_cast<int>(e->hints.size()) : 0;
  for (int i = 0; i < hintsRevealed_ && i < count; ++i)
    text += (i ? QStringLiteral("<br>") : QString()) + QStringLiteral("<b>Hint %1 of %2.</b> ").arg(i + 1).arg(count) +
            q(e->hints[static_cast<std::size_t>(i)]).toHtmlEscaped();
  hints_->setText(text);
  hintButton_->setEnabled(hintsRevealed_ < count);
}

bool ExercisePanel::reset() {
  if (current_.empty()) return false;
  if (!confirm_(tr("Put the starting code back? Your kernel for this exercise is replaced."))) return false;
  QString error;
  if (!service_.reset(current_, &error)) {
    setStatus(error, true);
    return false;
  }
  return choose(current_);
}

bool ExercisePanel::checking() const { return checking_; }

void ExercisePanel::check() {
  if (current_.empty() || checking() || !service_.check) return;
  // What is checked is what the editor shows, and the file on disk follows it (kernelcam exercise
  // check FILE then checks the same kernel).
  if (lab_.modified()) (void)lab_.save();
  lab::KernelSource source{lab_.path().toStdString(), lab_.editor()->toPlainText().toStdString()};
  std::function<exercises::CheckReport()> work = service_.check(current_, source);
  if (!watcher_) {
    watcher_ = new QFutureWatcher<exercises::CheckReport>(this);
    connect(watcher_, &QFutureWatcher<exercises::CheckReport>::finished, this, [this] {
      try {
        showReport(watcher_->result());
      } catch (const std::exception& error) {  // the check itself failed (a kernelcam or driver problem)
        setStatus(tr("The check failed: %1").arg(q(error.what())), true);
      }
      checkButton_->setEnabled(true);
      checking_ = false;
      emit checkFinished();
    });
  }
  checkButton_->setEnabled(false);
  checking_ = true;  // until its result is shown (a future not yet started does not say it is running)
  setStatus(tr("Checking on hidden inputs\u2026"), false);
  watcher_->setFuture(QtConcurrent::run(std::move(work)));
}

void ExercisePanel::showReport(const exercises::CheckReport& report) {
  report_ = report;
  goals_->clear();
  for (const lab::Diagnostic& d : report.diagnostics) {
    auto* item = new QListWidgetItem(q(lab::formatDiagnostic(d)), goals_);
    item->setForeground(QColor(0xc0, 0x30, 0x30));
    item->setData(kLineRole, d.line);
  }
  for (const exercises::CaseOutcome& c : report.cases)
    if (!c.passed) new QListWidgetItem(QStringLiteral("\u2717 ") + q(c.message), goals_);
  for (const exercises::GoalOutcome& g : report.goals) {
    const QString mark = !g.measured ? QStringLiteral("\u2013")
                         : g.met     ? QStringLiteral("\u2714")
                                     : QStringLiteral("\u2717");
    QString text = QStringLiteral("%1 Level %2 \u00b7 %3: %4").arg(mark).arg(g.level).arg(q(g.title), q(g.figure));
    if (g.met && !g.why.empty()) text += QStringLiteral("\n") + q(g.why);
    if (g.measured && !g.met && g.line > 0) text += tr("\nLine %1: %2").arg(g.line).arg(q(g.advice));
    auto* item = new QListWidgetItem(text, goals_);
    item->setData(kLineRole, g.line);
    item->setForeground(!g.measured ? palette().color(QPalette::Disabled, QPalette::Text)
                        : g.met     ? QColor(0x20, 0x80, 0x30)
                                    : QColor(0xc0, 0x30, 0x30));
  }
  if (service_.checked) service_.checked(report);
  refreshChoice();
  if (!report.compiled) setStatus(tr("The kernel does not compile: the errors are above and in the editor"), true);
  else if (!report.ran) setStatus(tr("It compiles; the goals need a CUDA device to run on"), true);
  else
    setStatus(tr("Level %1 of %2 reached (checked in %3 s on %4)")
                  .arg(report.levelReached)
                  .arg(report.maxLevel)
                  .arg(report.checkMs / 1000, 0, 'f', 2)
                  .arg(q(report.device)),
              report.levelReached < report.maxLevel);
}

void ExercisePanel::setStatus(const QString& text, bool problem) {
  status_->setText(text);
  status_->setStyleSheet(problem ? QStringLiteral("color: #c03030") : QString());
}

QString ExercisePanel::statusText() const { return status_->text(); }
QString ExercisePanel::hintsText() const { return hints_->text(); }
QString ExercisePanel::statementText() const { return statement_->toPlainText(); }

}  // namespace kc
