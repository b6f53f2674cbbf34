#pragma once
// The filter chain as the user edits it: the list of stages in the order they run (any order,
// repeats allowed), with Add (every stage of the registry), Remove, Up/Down, and an enable box per
// stage; below it, the selected stage's controls, generated from its registry parameters
// (Choice -> combo box, Int -> spin box, a grid FloatList -> a centred grid, Text -> line edit).
// Every edit goes through makeStage(), so the dock and the CLI accept exactly the same chains. An
// invalid edit is refused where it is typed (shown in red, with the reason): the last valid chain
// keeps running and is what chain() returns and the window saves.
#include <QWidget>
#include <vector>

#include "gpu/pipeline/filter_chain.hpp"

class QLabel;
class QListWidget;
class QListWidgetItem;
class QPushButton;
class QToolButton;
class QVBoxLayout;

namespace kc {

class StageEditor;

class FilterDock : public QWidget {
  Q_OBJECT
 public:
  explicit FilterDock(QWidget* parent = nullptr);
  ~FilterDock() override;

  FilterChain chain() const;  // the enabled stages, in order; always a valid chain
  void setChain(const FilterChain& chain);  // every stage enabled; emits chainChanged

  int stageCount() const { return static_cast<int>(entries_.size()); }
  void addStage(const StageSpec& stage, int index = -1);  // -1: at the end
  void removeStage(int index);
  void moveStage(int from, int to);
  void setStageEnabled(int index, bool enabled);
  bool stageEnabled(int index) const;
  const StageSpec& stageAt(int index) const;  // enabled or not
  // A new version of a stage in place (a kernel file that changed): its enable box kept, its
  // controls rebuilt when it is the selected one.
  void replaceStage(int index, const StageSpec& stage);
  void selectStage(int index);
  int selectedStage() const;
  StageEditor* editor() const { return editor_; }  // the selected stage's controls (tests)
  QString errorText() const;                       // "" when the last edit was valid

 signals:
  void chainChanged(const kc::FilterChain& chain);

 private:
  struct Entry {
    StageSpec stage;  // the last valid form of this stage
    bool enabled = true;
  };
  void rebuildList();
  void showEditorFor(int index);
  void onStageEdited(const StageSpec& stage);
  void onStageInvalid(const QString& reason);
  void emitChain();

  std::vector<Entry> entries_;
  QListWidget* list_ = nullptr;
  QToolButton* add_ = nullptr;
  QPushButton* remove_ = nullptr;
  QPushButton* up_ = nullptr;
  QPushButton* down_ = nullptr;
  QVBoxLayout* editorArea_ = nullptr;
  StageEditor* editor_ = nullptr;
  QLabel* error_ = nullptr;
  bool rebuilding_ = false;
};

}  // namespace kc
