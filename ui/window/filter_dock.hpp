#pragma once
// The filter chain's controls, generated from filterDescriptors(): one group per stage with an
// enable checkbox; Choice -> combo box, Int -> spin box, FloatList -> a grid editor (shown for
// the custom convolution preset). The dock turns its controls into the chain's text form and
// parses it with parseStage(), so the UI and the CLI accept exactly the same chains.
#include <QWidget>
#include <map>
#include <vector>

#include "gpu/pipeline/filter_chain.hpp"

class QCheckBox;
class QComboBox;
class QSpinBox;
class QTableWidget;
class QLabel;

namespace kc {

class FilterDock : public QWidget {
  Q_OBJECT
 public:
  explicit FilterDock(QWidget* parent = nullptr);

  FilterChain chain() const;  // enabled stages, in the dock's fixed order (the default chain's)
  void setChain(const FilterChain& chain);
  // Toggles the stage's enable box (shortcuts G/C/T/H).
  void toggleStage(StageKind kind);
  bool stageEnabled(StageKind kind) const;

 signals:
  void chainChanged(const kc::FilterChain& chain);

 private:
  struct ParamControl {
    const ParamDescriptor* descriptor = nullptr;
    QComboBox* combo = nullptr;
    QSpinBox* spin = nullptr;
    QTableWidget* grid = nullptr;
  };
  struct StageControls {
    const FilterDescriptor* descriptor = nullptr;
    QCheckBox* enabled = nullptr;
    std::vector<ParamControl> params;
  };
  QWidget* makeStageGroup(const FilterDescriptor& descriptor);
  std::string paramText(const ParamControl& control) const;
  std::string stageText(const StageControls& stage) const;
  void applyStage(StageControls& stage, const StageSpec& spec);
  void resizeGrid(QTableWidget* grid, int size);
  void updateVisibility();
  void emitChain();

  std::vector<StageControls> stages_;
  QLabel* error_ = nullptr;
  bool updating_ = false;
  FilterChain lastGood_;
};

}  // namespace kc
