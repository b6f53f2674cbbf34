#pragma once
// The filter chain as the user edits it: the list of stages in the order they run (any order,
// repeats allowed), with Add (every stage of the registry), Remove, Up/Down, and an enable box per
// stage; below it, the selected stage's controls, generated from its registry parameters
// (Choice -> combo box, Int -> spin box, a grid FloatList -> a centred grid, Text -> line edit).
// Every edit goes through makeStage(), so the dock and the CLI accept exactly the same chains. An
// invalid edit is refused where it is typed (shown in red, with the reason): the last valid chain
// keeps running and is what chain() returns and the window saves.
//
// The list also holds stages that cannot run here, switched off with the reason on their row, so
// that nothing the user put in the chain is lost: a saved stage that no longer parses (an unknown
// stage, a value out of range, a kernel file that cannot be read) is kept in its saved text, and
// a stage the window had to switch off (a kernel stage on the CPU backend, or failing on frames)
// keeps its place. savedForm() is the whole list as the settings keep it.
#include <QIcon>
#include <QString>
#include <QWidget>
#include <optional>
#include <functional>
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

  FilterChain chain() const;  // the stages that run (ticked, no problem), in order; always a valid chain
  // Every file a stage of the list names (a kernel and its headers), whether the stage runs or not
  // (switched off by the user or the window, or kept in its saved text): all are inputs, which no
  // output of the window may overwrite (the user may tick the stage again).
  std::vector<std::string> namedFiles() const;
  void setChain(const FilterChain& chain);  // every stage enabled; emits chainChanged

  // The list as the settings keep it: every stage in order, as --filters text (a stage that does
  // not parse in the text it was saved in, verbatim), and the indices of the stages the user
  // switched off ("1,3"). A stage the window switched off (switchOff) counts as on: the next
  // start tries it again.
  struct SavedForm {
    QString chain, off;
    bool operator==(const SavedForm& other) const { return chain == other.chain && off == other.off; }
  };
  SavedForm savedForm() const;
  // A saved stage that could not be restored: its place, its saved text and why.
  struct Problem {
    int index = 0;
    QString text, reason;
  };
  // The list from the settings: each stage that parses as saved (on or off); each that does not
  // stays in the list, off, with the reason (stageProblem), and is returned. Emits chainChanged.
  std::vector<Problem> restoreSaved(const SavedForm& saved);

  int stageCount() const { return static_cast<int>(entries_.size()); }
  void addStage(const StageSpec& stage, int index = -1);  // -1: at the end
  // The registered stage `id` at its defaults, added at `index` (-1: the end), as the Add menus do. A
  // stage that needs a file first (a parameter with a fileFilter: the lab's kernel=PATH) asks for it
  // with the file chooser. False when nothing was added: the chooser was cancelled, or the stage is
  // not valid (errorText() says why).
  bool addRegisteredStage(const std::string& id, int index = -1);
  // Asks for a file to read (title, name filter); "" when cancelled. QFileDialog unless set (tests).
  using FileChooser = std::function<QString(const QString& title, const QString& filter)>;
  void setFileChooser(FileChooser chooser) { chooseFile_ = std::move(chooser); }
  void removeStage(int index);
  void moveStage(int from, int to);
  // The user's tick. Ticking a stage with a problem tries it again (a saved stage is parsed again;
  // one the window switched off runs again, and is switched off again if it still cannot run).
  void setStageEnabled(int index, bool enabled);
  bool stageEnabled(int index) const;  // it runs: ticked, and no problem
  // The window cannot run this stage here (`reason`: the kernel stage needs CUDA, it faulted):
  // its box unticked, the reason on its row; it keeps its place and is saved as the user left it.
  void switchOff(int index, const QString& reason);
  QString stageProblem(int index) const;      // "" when it can run
  bool stageUsable(int index) const;          // parsed: stageAt() may be called
  QString stageText(int index) const;         // --filters text (a stage that did not parse: as saved)
  const StageSpec& stageAt(int index) const;  // enabled or not; only where stageUsable
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
    StageSpec stage;      // the last valid form of this stage (no definition: it did not parse)
    bool enabled = true;  // the user's tick
    QString savedText;    // a stage that did not parse: its text as saved, kept verbatim
    QString problem;      // why it cannot run here ("": it can)
    bool usable() const { return stage.definition != nullptr; }
    bool runs() const { return enabled && problem.isEmpty(); }
  };
  void rebuildList();
  bool retry(Entry& entry);  // a stage that did not parse, parsed again
  void showEditorFor(int index);
  void onStageEdited(const StageSpec& stage);
  void onStageInvalid(const QString& reason);
  void emitChain();

  std::vector<Entry> entries_;
  FileChooser chooseFile_;
  QListWidget* list_ = nullptr;
  QToolButton* add_ = nullptr;
  QPushButton* remove_ = nullptr;
  QPushButton* up_ = nullptr;
  QPushButton* down_ = nullptr;
  QVBoxLayout* editorArea_ = nullptr;
  StageEditor* editor_ = nullptr;
  QLabel* error_ = nullptr;
  bool rebuilding_ = false;
  QIcon problemIcon_;
};

}  // namespace kc
