#include "ui/window/filter_dock.hpp"

#include <QGroupBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <set>

#include "gpu/pipeline/stage_registry.hpp"
#include "ui/window/notice_area.hpp"
#include "ui/window/stage_editor.hpp"

namespace kc {

namespace {

// A parse error for people: the parser's "--filters: " prefix is the CLI's, and a stage text it
// quotes can be any length (a row's tooltip, the notice's details).
QString reasonOf(const std::exception& error) {
  return shortenedMessage(QString::fromStdString(error.what()).remove(QStringLiteral("--filters: ")), 400);
}

// A row's name for a stage kept in the text it was saved in: that text, cut to a row's width.
QString savedLabel(const QString& text) {
  constexpr int kMaxChars = 40;
  const QString shown = text.trimmed();
  if (shown.isEmpty()) return QObject::tr("(empty stage)");
  return shown.size() > kMaxChars ? shown.left(kMaxChars) + QStringLiteral("\u2026") : shown;
}

}  // namespace

FilterDock::FilterDock(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  auto* title = new QLabel(tr("Stages, in the order they run:"), this);
  layout->addWidget(title);
  list_ = new QListWidget(this);
  list_->setMinimumHeight(120);
  list_->setToolTip(tr("Tick to run a stage, untick to skip it. Repeats run in order."));
  layout->addWidget(list_);

  auto* buttons = new QHBoxLayout;
  add_ = new QToolButton(this);
  add_->setText(tr("Add"));
  add_->setPopupMode(QToolButton::InstantPopup);
  auto* addMenu = new QMenu(add_);
  for (const StageDefinition* definition : stageRegistry().all()) {
    QAction* action = addMenu->addAction(QString::fromStdString(definition->displayName));
    action->setToolTip(QString::fromStdString(definition->help));
    action->setData(QString::fromStdString(definition->id));
    connect(action, &QAction::triggered, this, [this, id = definition->id] {
      addRegisteredStage(id, selectedStage() < 0 ? stageCount() : selectedStage() + 1);
    });
  }
  add_->setMenu(addMenu);
  remove_ = new QPushButton(tr("Remove"), this);
  up_ = new QPushButton(tr("Up"), this);
  down_ = new QPushButton(tr("Down"), this);
  for (QWidget* button : {static_cast<QWidget*>(add_), static_cast<QWidget*>(remove_), static_cast<QWidget*>(up_),
                          static_cast<QWidget*>(down_)})
    buttons->addWidget(button);
  layout->addLayout(buttons);
  connect(remove_, &QPushButton::clicked, this, [this] { removeStage(selectedStage()); });
  connect(up_, &QPushButton::clicked, this, [this] { moveStage(selectedStage(), selectedStage() - 1); });
  connect(down_, &QPushButton::clicked, this, [this] { moveStage(selectedStage(), selectedStage() + 1); });

  auto* editorBox = new QGroupBox(tr("Selected stage"), this);
  editorArea_ = new QVBoxLayout(editorBox);
  layout->addWidget(editorBox);
  error_ = new QLabel(this);
  error_->setWordWrap(true);
  error_->setStyleSheet(QStringLiteral("color: #e05050"));
  error_->hide();
  layout->addWidget(error_);
  layout->addStretch(1);

  connect(list_, &QListWidget::currentRowChanged, this, [this](int row) {
    if (!rebuilding_) showEditorFor(row);
  });
  connect(list_, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
    if (rebuilding_) return;
    const int row = list_->row(item);
    if (row >= 0 && row < stageCount()) setStageEnabled(row, item->checkState() == Qt::Checked);
  });
  // Rows of stages that cannot run carry their reason as a tooltip and a warning icon.
  problemIcon_ = style()->standardIcon(QStyle::SP_MessageBoxWarning);
  const int iconSide = fontMetrics().height();
  list_->setIconSize(QSize(iconSide, iconSide));  // a row's height, not the dialog icon's
  setChain(defaultFilterChain());
}

FilterDock::~FilterDock() = default;

FilterChain FilterDock::chain() const {
  FilterChain chain;
  for (const Entry& entry : entries_)
    if (entry.runs()) chain.push_back(entry.stage);
  return chain;
}

std::vector<std::string> FilterDock::namedFiles() const {
  std::vector<std::string> files;
  for (const Entry& entry : entries_) {
    const std::vector<std::string> named =
        entry.usable() ? chainInputFiles({entry.stage}) : stageTextFiles(entry.savedText.toStdString());
    files.insert(files.end(), named.begin(), named.end());
  }
  return files;
}

FilterDock::SavedForm FilterDock::savedForm() const {
  SavedForm saved;
  QStringList stages, off;
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    stages << stageText(static_cast<int>(i));
    if (!entries_[i].enabled) off << QString::number(i);
  }
  saved.chain = stages.join(QLatin1Char(','));
  saved.off = off.join(QLatin1Char(','));
  return saved;
}

std::vector<FilterDock::Problem> FilterDock::restoreSaved(const SavedForm& saved) {
  std::set<int> off;
  for (const QString& index : saved.off.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    bool ok = false;
    const int value = index.trimmed().toInt(&ok);
    if (ok) off.insert(value);
  }
  std::vector<Problem> problems;
  entries_.clear();
  // "" is an empty chain (the user removed every stage); otherwise every comma-separated stage
  // has its place, the parser's split (filter_chain.hpp).
  const QStringList stages = saved.chain.trimmed().isEmpty() ? QStringList() : saved.chain.split(QLatin1Char(','));
  for (const QString& text : stages) {
    Entry entry;
    entry.enabled = off.count(static_cast<int>(entries_.size())) == 0;
    entry.savedText = text;
    if (!retry(entry)) problems.push_back({static_cast<int>(entries_.size()), text, entry.problem});
    entries_.push_back(std::move(entry));
  }
  rebuildList();
  selectStage(entries_.empty() ? -1 : 0);
  emitChain();
  return problems;
}

bool FilterDock::retry(Entry& entry) {
  try {
    entry.stage = parseStage(entry.savedText.toStdString());
    entry.savedText.clear();
    entry.problem.clear();
    return true;
  } catch (const std::exception& error) {
    entry.problem = reasonOf(error);
    return false;
  }
}

void FilterDock::setChain(const FilterChain& chain) {
  entries_.clear();
  for (const StageSpec& stage : chain) entries_.push_back({stage, true});
  rebuildList();
  selectStage(entries_.empty() ? -1 : 0);
  emitChain();
}

bool FilterDock::addRegisteredStage(const std::string& id, int index) {
  const StageDefinition& definition = *stageRegistry().find(id);
  std::vector<std::string> values(definition.params.size());
  for (std::size_t i = 0; i < definition.params.size(); ++i) {
    const ParamDescriptor& param = definition.params[i];
    if (param.fileFilter.empty() || !param.defaultValue.empty()) continue;
    const QString title =
        tr("%1: choose the %2")
            .arg(QString::fromStdString(definition.displayName), QString::fromStdString(param.displayName).toLower());
    const QString filter = QString::fromStdString(param.fileFilter);
    const QString path =
        chooseFile_ ? chooseFile_(title, filter) : QFileDialog::getOpenFileName(this, title, QString(), filter);
    if (path.isEmpty()) return false;
    values[i] = path.toStdString();
  }
  try {
    addStage(makeStage(definition, std::move(values)), index < 0 ? stageCount() : index);
    return true;
  } catch (const std::exception& error) {  // the chosen file is not a valid kernel, say: say what
    onStageInvalid(QString::fromStdString(error.what()).remove(QStringLiteral("--filters: ")));
    return false;
  }
}

void FilterDock::addStage(const StageSpec& stage, int index) {
  if (index < 0 || index > stageCount()) index = stageCount();
  entries_.insert(entries_.begin() + index, {stage, true});
  rebuildList();
  selectStage(index);
  emitChain();
}

void FilterDock::removeStage(int index) {
  if (index < 0 || index >= stageCount()) return;
  entries_.erase(entries_.begin() + index);
  rebuildList();
  selectStage(std::min(index, stageCount() - 1));
  emitChain();
}

void FilterDock::moveStage(int from, int to) {
  if (from < 0 || from >= stageCount() || to < 0 || to >= stageCount() || from == to) return;
  const Entry moved = entries_[static_cast<std::size_t>(from)];
  entries_.erase(entries_.begin() + from);
  entries_.insert(entries_.begin() + to, moved);
  rebuildList();
  selectStage(to);
  emitChain();
}

void FilterDock::setStageEnabled(int index, bool enabled) {
  if (index < 0 || index >= stageCount()) return;
  Entry& entry = entries_[static_cast<std::size_t>(index)];
  if (entry.runs() == enabled && entry.enabled == enabled) return;
  entry.enabled = enabled;
  if (enabled && !entry.usable() && !retry(entry)) {
    onStageInvalid(entry.problem);  // still cannot run: say why where it was ticked
    rebuildList();                  // its box goes back off
    return;
  }
  if (enabled) entry.problem.clear();  // the window switched it off: try it again
  rebuildList();
  if (selectedStage() == index) showEditorFor(index);
  emitChain();
}

bool FilterDock::stageEnabled(int index) const {
  return index >= 0 && index < stageCount() && entries_[static_cast<std::size_t>(index)].runs();
}

void FilterDock::switchOff(int index, const QString& reason) {
  if (index < 0 || index >= stageCount()) return;
  Entry& entry = entries_[static_cast<std::size_t>(index)];
  const bool ran = entry.runs();
  entry.problem = reason.isEmpty() ? tr("cannot run here") : reason;
  rebuildList();
  if (ran) emitChain();
}

QString FilterDock::stageProblem(int index) const {
  return index >= 0 && index < stageCount() ? entries_[static_cast<std::size_t>(index)].problem : QString();
}

bool FilterDock::stageUsable(int index) const {
  return index >= 0 && index < stageCount() && entries_[static_cast<std::size_t>(index)].usable();
}

QString FilterDock::stageText(int index) const {
  const Entry& entry = entries_.at(static_cast<std::size_t>(index));
  return entry.usable() ? QString::fromStdString(formatStage(entry.stage)) : entry.savedText;
}

const StageSpec& FilterDock::stageAt(int index) const { return entries_.at(static_cast<std::size_t>(index)).stage; }

void FilterDock::replaceStage(int index, const StageSpec& stage) {
  if (index < 0 || index >= stageCount()) return;
  Entry& entry = entries_[static_cast<std::size_t>(index)];
  if (!entry.usable()) entry.problem.clear();  // a saved stage that did not parse: it does now
  entry.stage = stage;
  entry.savedText.clear();
  // The chain first: the worker builds and runs it while the list and the stage's controls are
  // rebuilt here (the kernel lab replaces its stage on every edit that compiles, issue 22).
  emitChain();
  rebuildList();
  if (selectedStage() == index) showEditorFor(index);
}

void FilterDock::selectStage(int index) {
  list_->setCurrentRow(index);
  showEditorFor(index);
}

int FilterDock::selectedStage() const { return list_->currentRow(); }

QString FilterDock::errorText() const { return error_->isHidden() ? QString() : error_->text(); }

void FilterDock::rebuildList() {
  rebuilding_ = true;
  const int current = list_->currentRow();
  list_->clear();
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    const Entry& entry = entries_[i];
    const QString label =
        entry.usable() ? QString::fromStdString(stageLabel(entry.stage)) : savedLabel(entry.savedText);
    auto* item = new QListWidgetItem(label, list_);
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState(entry.runs() ? Qt::Checked : Qt::Unchecked);
    QString tip = stageText(static_cast<int>(i));
    if (!entry.problem.isEmpty()) {
      item->setIcon(problemIcon_);
      tip = tr("%1\nOff: %2").arg(shortenedMessage(tip, 200), entry.problem);
    }
    item->setToolTip(tip);
  }
  list_->setCurrentRow(std::min(current, stageCount() - 1));
  remove_->setEnabled(!entries_.empty());
  up_->setEnabled(stageCount() > 1);
  down_->setEnabled(stageCount() > 1);
  rebuilding_ = false;
}

void FilterDock::showEditorFor(int index) {
  if (editor_) {  // out of the layout and hidden now: deleteLater alone left it on screen until the next loop turn
    editorArea_->removeWidget(editor_);
    editor_->hide();
    editor_->deleteLater();
    editor_ = nullptr;
  }
  error_->hide();
  if (index < 0 || index >= stageCount()) return;
  const Entry& entry = entries_[static_cast<std::size_t>(index)];
  if (!entry.problem.isEmpty()) {  // why it is off, where its controls would be
    error_->setText(tr("Off: %1").arg(entry.problem));
    error_->show();
  }
  if (!entry.usable()) return;  // no controls: its saved text is all there is
  editor_ = new StageEditor(entries_[static_cast<std::size_t>(index)].stage, this);
  editorArea_->addWidget(editor_);
  connect(editor_, &StageEditor::edited, this, &FilterDock::onStageEdited);
  connect(editor_, &StageEditor::invalid, this, &FilterDock::onStageInvalid);
}

void FilterDock::onStageEdited(const StageSpec& stage) {
  const int index = selectedStage();
  if (index < 0 || index >= stageCount()) return;
  error_->hide();
  entries_[static_cast<std::size_t>(index)].stage = stage;
  if (QListWidgetItem* item = list_->item(index)) {
    rebuilding_ = true;
    item->setText(QString::fromStdString(stageLabel(stage)));
    item->setToolTip(QString::fromStdString(formatStage(stage)));
    rebuilding_ = false;
  }
  emitChain();
}

void FilterDock::onStageInvalid(const QString& reason) {
  // A half-typed kernel: say what is wrong; the last valid chain keeps running.
  error_->setText(reason + tr("  (the last valid settings keep running)"));
  error_->show();
}

void FilterDock::emitChain() { emit chainChanged(chain()); }

}  // namespace kc
