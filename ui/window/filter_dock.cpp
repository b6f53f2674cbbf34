#include "ui/window/filter_dock.hpp"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

#include "gpu/pipeline/stage_registry.hpp"
#include "ui/window/stage_editor.hpp"

namespace kc {

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
      const int at = selectedStage() < 0 ? stageCount() : selectedStage() + 1;
      try {
        addStage(makeStage(id), at);
      } catch (const std::exception& error) {  // a stage that needs input first (kernel=PATH): say what
        onStageInvalid(QString::fromStdString(error.what()).remove(QStringLiteral("--filters: ")));
      }
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
  setChain(defaultFilterChain());
}

FilterDock::~FilterDock() = default;

FilterChain FilterDock::chain() const {
  FilterChain chain;
  for (const Entry& entry : entries_)
    if (entry.enabled) chain.push_back(entry.stage);
  return chain;
}

void FilterDock::setChain(const FilterChain& chain) {
  entries_.clear();
  for (const StageSpec& stage : chain) entries_.push_back({stage, true});
  rebuildList();
  selectStage(entries_.empty() ? -1 : 0);
  emitChain();
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
  if (index < 0 || index >= stageCount() || entries_[static_cast<std::size_t>(index)].enabled == enabled) return;
  entries_[static_cast<std::size_t>(index)].enabled = enabled;
  rebuildList();
  emitChain();
}

bool FilterDock::stageEnabled(int index) const {
  return index >= 0 && index < stageCount() && entries_[static_cast<std::size_t>(index)].enabled;
}

const StageSpec& FilterDock::stageAt(int index) const { return entries_.at(static_cast<std::size_t>(index)).stage; }

void FilterDock::replaceStage(int index, const StageSpec& stage) {
  if (index < 0 || index >= stageCount()) return;
  entries_[static_cast<std::size_t>(index)].stage = stage;
  rebuildList();
  if (selectedStage() == index) showEditorFor(index);
  emitChain();
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
    auto* item = new QListWidgetItem(QString::fromStdString(stageLabel(entries_[i].stage)), list_);
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState(entries_[i].enabled ? Qt::Checked : Qt::Unchecked);
    item->setToolTip(QString::fromStdString(formatStage(entries_[i].stage)));
  }
  list_->setCurrentRow(std::min(current, stageCount() - 1));
  remove_->setEnabled(!entries_.empty());
  up_->setEnabled(stageCount() > 1);
  down_->setEnabled(stageCount() > 1);
  rebuilding_ = false;
}

void FilterDock::showEditorFor(int index) {
  if (editor_) {
    editor_->deleteLater();
    editor_ = nullptr;
  }
  error_->hide();
  if (index < 0 || index >= stageCount()) return;
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
