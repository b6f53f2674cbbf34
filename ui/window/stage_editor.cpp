#include "ui/window/stage_editor.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QTableWidget>
#include <cmath>
#include <sstream>

#include "gpu/core/error.hpp"

namespace kc {

namespace {

std::vector<QString> cellsOf(const std::string& text) {
  std::vector<QString> cells;
  std::istringstream in(text);
  for (std::string token; in >> token;) cells.push_back(QString::fromStdString(token));
  return cells;
}

const QColor kBadCell(255, 150, 150);
constexpr int kSliderSteps = 1000;  // a Float slider's resolution over its range

int sliderPosition(const ParamDescriptor& param, double value) {
  if (param.maxReal <= param.minReal) return 0;
  return static_cast<int>(std::lround((value - param.minReal) / (param.maxReal - param.minReal) * kSliderSteps));
}
double sliderValue(const ParamDescriptor& param, int position) {
  return param.minReal + (param.maxReal - param.minReal) * position / kSliderSteps;
}

}  // namespace

QWidget* StageEditor::Control::widget() const {
  if (combo) return combo;
  if (spin) return spin;
  if (real) return real;
  if (grid) return grid;
  return line;
}

std::string StageEditor::Control::text() const {
  if (combo) return combo->currentText().toStdString();
  if (spin) return std::to_string(spin->value());
  if (real) return QString::number(real->value(), 'g', 7).toStdString();
  if (line) return line->text().trimmed().toStdString();
  return {};
}

StageEditor::StageEditor(const StageSpec& stage, QWidget* parent) : QWidget(parent), stage_(stage) {
  form_ = new QFormLayout(this);
  form_->setContentsMargins(0, 0, 0, 0);
  build();
  updateVisibility();
}

const StageEditor::Control* StageEditor::controlFor(const std::string& id) const {
  for (const Control& control : controls_)
    if (control.param->id == id) return &control;
  return nullptr;
}

QWidget* StageEditor::control(const std::string& id) const {
  const Control* control = controlFor(id);
  return control ? control->widget() : nullptr;
}

QSlider* StageEditor::slider(const std::string& id) const {
  const Control* control = controlFor(id);
  return control ? control->slider : nullptr;
}

void StageEditor::build() {
  const StageDefinition& definition = *stage_.definition;
  updating_ = true;
  for (std::size_t i = 0; i < definition.params.size(); ++i) {
    const ParamDescriptor& param = definition.params[i];
    const std::string& value = stage_.values[i];
    Control control;
    control.param = &param;
    switch (param.type) {
      case ParamType::Choice:
        control.combo = new QComboBox(this);
        for (const std::string& choice : param.choices) control.combo->addItem(QString::fromStdString(choice));
        control.combo->setCurrentText(QString::fromStdString(value));
        connect(control.combo, &QComboBox::currentIndexChanged, this, &StageEditor::onChanged);
        break;
      case ParamType::Int:
        control.spin = new QSpinBox(this);
        control.spin->setRange(param.minValue, param.maxValue);
        control.spin->setSingleStep(param.step);
        control.spin->setValue(std::stoi(value));
        connect(control.spin, &QSpinBox::valueChanged, this, &StageEditor::onChanged);
        break;
      case ParamType::FloatList:
        if (!param.gridSideParam.empty()) {
          control.grid = new QTableWidget(this);
          control.grid->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
          control.grid->horizontalHeader()->hide();
          control.grid->verticalHeader()->hide();
          control.grid->setMinimumHeight(90);
          connect(control.grid, &QTableWidget::cellChanged, this, &StageEditor::onChanged);
          break;
        }
        [[fallthrough]];
      case ParamType::Text:
        control.line = new QLineEdit(QString::fromStdString(value), this);
        connect(control.line, &QLineEdit::editingFinished, this, &StageEditor::onChanged);
        break;
      case ParamType::Float:
        control.real = new QDoubleSpinBox(this);
        control.real->setDecimals(3);
        control.real->setRange(param.minReal, param.maxReal);
        control.real->setSingleStep((param.maxReal - param.minReal) / 100);
        control.real->setValue(std::stod(value));
        connect(control.real, &QDoubleSpinBox::valueChanged, this, &StageEditor::onChanged);
        break;
      case ParamType::Assignments:  // shown as the instance parameters' controls (below)
        continue;
    }
    control.row = control.widget();
    control.widget()->setToolTip(QString::fromStdString(param.help));
    form_->addRow(QString::fromStdString(param.displayName), control.widget());
    controls_.push_back(control);
  }
  buildInstanceControls();
  // Grids last: their side is another control's value. An empty list (the weights of a preset
  // that is not custom) starts as the identity: the centre 1, the rest 0.
  for (std::size_t i = 0; i < controls_.size(); ++i) {
    Control& control = controls_[i];
    if (!control.grid) continue;
    const int side = gridSide(control);
    std::vector<float> weights;
    for (const QString& cell : cellsOf(stage_.values[i])) weights.push_back(cell.toFloat());
    if (weights.size() != static_cast<std::size_t>(side) * side) {
      weights.assign(static_cast<std::size_t>(side) * side, 0.f);
      weights[weights.size() / 2] = 1.f;
    }
    setGrid(control, side, weights);
  }
  updating_ = false;
}

// A slider and a spin box per instance parameter, kept in step; the slider's tooltip is the
// parameter's description from the kernel's @param line.
void StageEditor::buildInstanceControls() {
  instanceParams_ = instanceParams(stage_);
  for (const ParamDescriptor& param : instanceParams_) {
    Control control;
    control.param = &param;
    control.instance = true;
    control.slider = new QSlider(Qt::Horizontal, this);
    const QString value = QString::fromStdString(instanceValue(stage_, param));
    if (param.type == ParamType::Int) {
      control.spin = new QSpinBox(this);
      control.spin->setRange(param.minValue, param.maxValue);
      control.spin->setValue(value.toInt());
      control.slider->setRange(param.minValue, param.maxValue);
      control.slider->setValue(value.toInt());
      connect(control.slider, &QSlider::valueChanged, control.spin, &QSpinBox::setValue);
      connect(control.spin, &QSpinBox::valueChanged, control.slider, &QSlider::setValue);
      connect(control.spin, &QSpinBox::valueChanged, this, &StageEditor::onChanged);
    } else {
      control.real = new QDoubleSpinBox(this);
      control.real->setDecimals(3);
      control.real->setRange(param.minReal, param.maxReal);
      control.real->setSingleStep((param.maxReal - param.minReal) / 100);
      control.real->setValue(value.toDouble());
      control.slider->setRange(0, kSliderSteps);
      control.slider->setValue(sliderPosition(param, value.toDouble()));
      QDoubleSpinBox* real = control.real;
      const ParamDescriptor* descriptor = &param;
      connect(control.slider, &QSlider::valueChanged, real,
              [real, descriptor](int position) { real->setValue(sliderValue(*descriptor, position)); });
      connect(real, &QDoubleSpinBox::valueChanged, control.slider, [slider = control.slider, descriptor](double v) {
        const QSignalBlocker block(slider);
        slider->setValue(sliderPosition(*descriptor, v));
      });
      connect(real, &QDoubleSpinBox::valueChanged, this, &StageEditor::onChanged);
    }
    control.row = new QWidget(this);
    auto* row = new QHBoxLayout(control.row);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(control.slider, 1);
    row->addWidget(control.widget());
    control.row->setToolTip(QString::fromStdString(param.help));
    form_->addRow(QString::fromStdString(param.displayName), control.row);
    controls_.push_back(control);
  }
}

// The instance controls' values as NAME=VALUE tokens, those at their default left out.
std::string StageEditor::assignmentsText() const {
  std::string text;
  for (const Control& control : controls_) {
    if (!control.instance) continue;
    const std::string value = control.text();
    const bool atDefault = control.param->type == ParamType::Int
                               ? value == control.param->defaultValue
                               : std::abs(std::stod(value) - std::stod(control.param->defaultValue)) < 1e-9;
    if (!atDefault) text = withAssignment(text, control.param->id, value);
  }
  return text;
}

int StageEditor::gridSide(const Control& control) const {
  for (const Control& other : controls_)
    if (other.spin && other.param->id == control.param->gridSideParam) return other.spin->value();
  return 1;
}

void StageEditor::setGrid(Control& control, int side, const std::vector<float>& weights) {
  QSignalBlocker block(control.grid);
  control.grid->setRowCount(side);
  control.grid->setColumnCount(side);
  for (int y = 0; y < side; ++y)
    for (int x = 0; x < side; ++x)
      control.grid->setItem(y, x,
                            new QTableWidgetItem(QString::number(weights[static_cast<std::size_t>(y) * side + x])));
}

// A new side keeps the kernel centred: cell (y, x) of the new grid is cell (y - d, x - d) of the
// old one, d = (new - old) / 2; cells with no old counterpart are 0. A 3x3 identity stays the
// identity at 5x5, and shrinks back to it; growing 1x1 keeps its weight in the centre.
void StageEditor::resizeGridCentred(Control& control, int side) {
  QTableWidget* grid = control.grid;
  const int old = grid->rowCount();
  if (old == side) return;
  const int d = (side - old) / 2;
  std::vector<QString> cells(static_cast<std::size_t>(side) * side, QStringLiteral("0"));
  for (int y = 0; y < side; ++y)
    for (int x = 0; x < side; ++x) {
      const int oy = y - d, ox = x - d;
      if (oy >= 0 && oy < old && ox >= 0 && ox < old && grid->item(oy, ox))
        cells[static_cast<std::size_t>(y) * side + x] = grid->item(oy, ox)->text();
    }
  QSignalBlocker block(grid);
  grid->setRowCount(side);
  grid->setColumnCount(side);
  for (int y = 0; y < side; ++y)
    for (int x = 0; x < side; ++x)
      grid->setItem(y, x, new QTableWidgetItem(cells[static_cast<std::size_t>(y) * side + x]));
}

// The grid's weights as the CLI's space-separated list; *badCell names the first cell that is not
// a finite number (the parser's message would not say which cell).
std::string StageEditor::gridText(const Control& control, QString* badCell) const {
  std::string text;
  for (int y = 0; y < control.grid->rowCount(); ++y)
    for (int x = 0; x < control.grid->columnCount(); ++x) {
      QTableWidgetItem* item = control.grid->item(y, x);
      const QString cell = item ? item->text().trimmed() : QStringLiteral("0");
      bool ok = false;
      const float value = cell.toFloat(&ok);
      if ((!ok || !std::isfinite(value)) && badCell && badCell->isEmpty()) {
        *badCell = tr("%1 row %2, column %3: '%4' is not a finite number")
                       .arg(QString::fromStdString(control.param->displayName))
                       .arg(y + 1)
                       .arg(x + 1)
                       .arg(cell);
        if (item) item->setBackground(kBadCell);
      }
      if (!text.empty()) text += ' ';
      text += cell.toStdString();
    }
  return text;
}

// One value per parameter of the definition, in its order.
std::vector<std::string> StageEditor::values() const {
  std::vector<std::string> values;
  for (const ParamDescriptor& param : stage_.definition->params) {
    if (param.type == ParamType::Assignments) {
      values.push_back(assignmentsText());
      continue;
    }
    const Control* control = controlFor(param.id);
    values.push_back(!control ? std::string() : control->grid ? gridText(*control, nullptr) : control->text());
  }
  return values;
}

void StageEditor::updateVisibility() {
  const std::vector<std::string> current = values();
  for (Control& control : controls_) {
    const bool shown = control.instance || paramInEffect(*stage_.definition, *control.param, current);
    control.row->setVisible(shown);
    if (QWidget* label = form_->labelForField(control.row)) label->setVisible(shown);
  }
}

void StageEditor::onChanged() {
  if (updating_) return;
  // Keep the grid's side in step with its side parameter (only at values the parameter allows).
  for (Control& control : controls_) {
    if (!control.grid) continue;
    const int side = gridSide(control);
    for (const Control& other : controls_)
      if (other.spin && other.param->id == control.param->gridSideParam &&
          (side - other.param->minValue) % std::max(other.param->step, 1) == 0)
        resizeGridCentred(control, side);
  }
  updateVisibility();
  QString badCell;
  for (Control& control : controls_) {
    if (!control.grid) continue;
    QSignalBlocker block(control.grid);
    for (int y = 0; y < control.grid->rowCount(); ++y)
      for (int x = 0; x < control.grid->columnCount(); ++x)
        if (QTableWidgetItem* item = control.grid->item(y, x)) item->setBackground(QBrush());
    if (paramInEffect(*stage_.definition, *control.param, values())) (void)gridText(control, &badCell);
  }
  if (!badCell.isEmpty()) {
    emit invalid(badCell);
    return;
  }
  try {
    stage_ = makeStage(*stage_.definition, values());
    emit edited(stage_);
  } catch (const std::exception& error) {  // nothing may escape a Qt slot
    QString reason = QString::fromStdString(error.what());
    reason.remove(QStringLiteral("--filters: "));
    emit invalid(reason);
  }
}

}  // namespace kc
