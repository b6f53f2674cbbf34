#include "ui/window/filter_dock.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <exception>
#include <sstream>

namespace kc {

namespace {

std::vector<std::string> splitText(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::stringstream stream(text);
  std::string part;
  while (std::getline(stream, part, separator)) parts.push_back(part);
  return parts;
}

bool isCustomConv(const std::vector<std::string>& values, const FilterDescriptor& descriptor) {
  return descriptor.kind == StageKind::Conv && !values.empty() && values.front() == "custom";
}

}  // namespace

FilterDock::FilterDock(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  // Stages run in the default chain's order (gray, conv, transpose, hist), then any others: one
  // fixed order keeps the dock simple; the CLI can still order a chain freely.
  std::vector<StageKind> order;
  for (const StageSpec& spec : defaultFilterChain())
    if (std::find(order.begin(), order.end(), spec.kind) == order.end()) order.push_back(spec.kind);
  for (const FilterDescriptor& descriptor : filterDescriptors())
    if (std::find(order.begin(), order.end(), descriptor.kind) == order.end()) order.push_back(descriptor.kind);
  for (StageKind kind : order) layout->addWidget(makeStageGroup(descriptorFor(kind)));
  error_ = new QLabel(this);
  error_->setWordWrap(true);
  error_->setStyleSheet(QStringLiteral("color: #e05050"));
  error_->hide();
  layout->addWidget(error_);
  layout->addStretch(1);
  setChain(defaultFilterChain());
}

QWidget* FilterDock::makeStageGroup(const FilterDescriptor& descriptor) {
  auto* group = new QGroupBox(this);
  auto* form = new QFormLayout(group);
  StageControls stage;
  stage.descriptor = &descriptor;
  stage.enabled = new QCheckBox(QString::fromStdString(descriptor.displayName), group);
  stage.enabled->setToolTip(QString::fromStdString(descriptor.help));
  form->addRow(stage.enabled);
  connect(stage.enabled, &QCheckBox::toggled, this, &FilterDock::emitChain);

  for (const ParamDescriptor& param : descriptor.params) {
    ParamControl control;
    control.descriptor = &param;
    QWidget* widget = nullptr;
    switch (param.type) {
      case ParamType::Choice:
        control.combo = new QComboBox(group);
        for (const std::string& choice : param.choices) control.combo->addItem(QString::fromStdString(choice));
        control.combo->setCurrentText(QString::fromStdString(param.defaultValue));
        connect(control.combo, &QComboBox::currentIndexChanged, this, &FilterDock::emitChain);
        widget = control.combo;
        break;
      case ParamType::Int:
        control.spin = new QSpinBox(group);
        control.spin->setRange(param.minValue, param.maxValue);
        control.spin->setSingleStep(param.step);
        control.spin->setValue(std::stoi(param.defaultValue.empty() ? "0" : param.defaultValue));
        connect(control.spin, &QSpinBox::valueChanged, this, &FilterDock::emitChain);
        widget = control.spin;
        break;
      case ParamType::FloatList:
        control.grid = new QTableWidget(group);
        control.grid->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
        control.grid->horizontalHeader()->hide();
        control.grid->verticalHeader()->hide();
        control.grid->setMinimumHeight(90);
        connect(control.grid, &QTableWidget::cellChanged, this, &FilterDock::emitChain);
        widget = control.grid;
        break;
    }
    widget->setToolTip(QString::fromStdString(param.help));
    form->addRow(QString::fromStdString(param.displayName), widget);
    stage.params.push_back(control);
  }
  stages_.push_back(std::move(stage));
  return group;
}

void FilterDock::resizeGrid(QTableWidget* grid, int size) {
  if (grid->rowCount() == size && grid->columnCount() == size) return;
  QSignalBlocker block(grid);
  grid->setRowCount(size);
  grid->setColumnCount(size);
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x)
      if (!grid->item(y, x))
        grid->setItem(y, x, new QTableWidgetItem(QStringLiteral("%1").arg(x == size / 2 && y == size / 2 ? 1 : 0)));
}

std::string FilterDock::paramText(const ParamControl& control) const {
  if (control.combo) return control.combo->currentText().toStdString();
  if (control.spin) return std::to_string(control.spin->value());
  std::string weights;
  for (int y = 0; y < control.grid->rowCount(); ++y)
    for (int x = 0; x < control.grid->columnCount(); ++x) {
      const QTableWidgetItem* item = control.grid->item(y, x);
      if (!weights.empty()) weights += ' ';
      weights += item ? item->text().trimmed().toStdString() : std::string("0");
    }
  return weights;
}

// "conv=gauss:5:clamp", "conv=custom:3:0 -1 0 ...:clamp": parameters in descriptor order, the
// weight list only for the custom preset.
std::string FilterDock::stageText(const StageControls& stage) const {
  std::vector<std::string> values;
  for (const ParamControl& control : stage.params)
    if (control.descriptor->type != ParamType::FloatList) values.push_back(paramText(control));
  const bool custom = isCustomConv(values, *stage.descriptor);
  std::string text = stage.descriptor->id;
  std::string joined;
  for (const ParamControl& control : stage.params) {
    if (control.descriptor->type == ParamType::FloatList && !custom) continue;
    if (!joined.empty()) joined += ':';
    joined += paramText(control);
  }
  if (!joined.empty()) text += "=" + joined;
  return text;
}

FilterChain FilterDock::chain() const {
  FilterChain chain;
  for (const StageControls& stage : stages_)
    if (stage.enabled->isChecked()) chain.push_back(parseStage(stageText(stage)));
  return chain;
}

void FilterDock::applyStage(StageControls& stage, const StageSpec& spec) {
  // The canonical text of the stage, taken apart in descriptor order (what stageText() builds).
  const std::string text = formatStage(spec);
  const auto equals = text.find('=');
  std::vector<std::string> values = equals == std::string::npos ? std::vector<std::string>{}
                                                                 : splitText(text.substr(equals + 1), ':');
  const bool custom = isCustomConv(values, *stage.descriptor);
  std::size_t next = 0;
  for (ParamControl& control : stage.params) {
    if (control.descriptor->type == ParamType::FloatList && !custom) continue;
    if (next >= values.size()) break;
    const std::string& value = values[next++];
    if (control.combo) control.combo->setCurrentText(QString::fromStdString(value));
    if (control.spin) control.spin->setValue(std::stoi(value));
    if (control.grid) {
      const auto weights = splitText(value, ' ');
      const int size = spec.conv.size;
      resizeGrid(control.grid, size);
      for (int i = 0; i < size * size && i < static_cast<int>(weights.size()); ++i)
        control.grid->item(i / size, i % size)->setText(QString::fromStdString(weights[static_cast<std::size_t>(i)]));
    }
  }
}

void FilterDock::setChain(const FilterChain& chain) {
  updating_ = true;
  for (StageControls& stage : stages_) {
    const StageSpec* found = nullptr;
    for (const StageSpec& spec : chain)
      if (spec.kind == stage.descriptor->kind) found = &spec;
    stage.enabled->setChecked(found != nullptr);
    if (found) applyStage(stage, *found);
  }
  updating_ = false;
  updateVisibility();
  lastGood_ = chain;
  emitChain();
}

void FilterDock::toggleStage(StageKind kind) {
  for (StageControls& stage : stages_)
    if (stage.descriptor->kind == kind) stage.enabled->toggle();
}

bool FilterDock::stageEnabled(StageKind kind) const {
  for (const StageControls& stage : stages_)
    if (stage.descriptor->kind == kind) return stage.enabled->isChecked();
  return false;
}

void FilterDock::updateVisibility() {
  for (StageControls& stage : stages_) {
    bool custom = false;
    int size = 1;
    for (const ParamControl& control : stage.params) {
      if (control.combo && control.descriptor->id == "preset") custom = control.combo->currentText() == "custom";
      if (control.spin && control.descriptor->id == "size") size = control.spin->value();
      QWidget* widget = control.combo ? static_cast<QWidget*>(control.combo)
                                      : control.spin ? static_cast<QWidget*>(control.spin) : control.grid;
      widget->setEnabled(stage.enabled->isChecked());
    }
    for (ParamControl& control : stage.params)
      if (control.grid) {
        resizeGrid(control.grid, size);
        control.grid->setVisible(custom);
        if (auto* form = qobject_cast<QFormLayout*>(control.grid->parentWidget()->layout()))
          if (QWidget* label = form->labelForField(control.grid)) label->setVisible(custom);
      }
  }
}

void FilterDock::emitChain() {
  if (updating_) return;
  updateVisibility();
  try {
    FilterChain chain = this->chain();
    error_->hide();
    lastGood_ = chain;
    emit chainChanged(chain);
  } catch (const std::exception& error) {
    // A half-typed custom kernel: keep running the last good chain and say what is wrong.
    error_->setText(QString::fromStdString(error.what()));
    error_->show();
  }
}

}  // namespace kc
