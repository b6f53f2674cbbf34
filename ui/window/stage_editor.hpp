#pragma once
// The controls of one stage, generated from its registry parameters. Emits edited() with the new
// stage when the controls form a valid stage, invalid() with the reason when they do not (the
// offending grid cell is painted red). Parameters not in effect (conv's weights unless the preset
// is custom) are hidden.
#include <QWidget>
#include <string>
#include <vector>

#include "gpu/pipeline/filter_chain.hpp"

class QComboBox;
class QFormLayout;
class QLineEdit;
class QSpinBox;
class QTableWidget;

namespace kc {

class StageEditor : public QWidget {
  Q_OBJECT
 public:
  explicit StageEditor(const StageSpec& stage, QWidget* parent = nullptr);

  const StageSpec& stage() const { return stage_; }  // the last valid stage
  // The control of parameter `id` (tests drive them like a user would): combo, spin, grid or line edit.
  QWidget* control(const std::string& id) const;

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
    QWidget* widget() const;
  };
  void build();
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
  bool updating_ = false;
};

}  // namespace kc
