#pragma once
// The controls of one stage, generated from its registry parameters. Emits edited() with the new
// stage when the controls form a valid stage, invalid() with the reason when they do not (the
// offending grid cell is painted red). Parameters not in effect (conv's weights unless the preset
// is custom) are hidden. A stage's instance parameters (a user kernel's @params) get a slider and
// a spin box each, and are written back as its Assignments parameter's NAME=VALUE tokens.
#include <QWidget>
#include <string>
#include <vector>

#include "gpu/pipeline/filter_chain.hpp"

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLineEdit;
class QSlider;
class QSpinBox;
class QTableWidget;

namespace kc {

class StageEditor : public QWidget {
  Q_OBJECT
 public:
  explicit StageEditor(const StageSpec& stage, QWidget* parent = nullptr);

  const StageSpec& stage() const { return stage_; }  // the last valid stage
  // The control of parameter `id` (tests drive them like a user would): combo, spin, double spin,
  // grid or line edit; for an instance parameter its spin box (control) or its slider (slider).
  QWidget* control(const std::string& id) const;
  QSlider* slider(const std::string& id) const;

 signals:
  void edited(const kc::StageSpec& stage);
  void invalid(const QString& reason);

 private:
  struct Control {
    const ParamDescriptor* param = nullptr;
    QComboBox* combo = nullptr;
    QSpinBox* spin = nullptr;
    QTableWidget* grid = nullptr;
    QLineEdit* line = nullptr;
    QDoubleSpinBox* real = nullptr;
    QSlider* slider = nullptr;  // instance parameters: beside their spin box
    QWidget* row = nullptr;     // what the form shows (the widget, or slider and spin box together)
    bool instance = false;
    QWidget* widget() const;
    std::string text() const;
  };
  void build();
  void buildInstanceControls();
  std::string assignmentsText() const;
  const Control* controlFor(const std::string& id) const;
  std::vector<std::string> values() const;
  std::string gridText(const Control& control, QString* badCell) const;
  void setGrid(Control& control, int side, const std::vector<float>& weights);
  void resizeGridCentred(Control& control, int side);
  int gridSide(const Control& control) const;
  void updateVisibility();
  void onChanged();

  StageSpec stage_;
  QFormLayout* form_ = nullptr;
  std::vector<Control> controls_;
  std::vector<ParamDescriptor> instanceParams_;  // stable storage for the controls' descriptors
  bool updating_ = false;
};

}  // namespace kc
