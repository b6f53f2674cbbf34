#pragma once
// The main window: the GL view in the centre, the filter dock, menus (File, Source, View,
// Filters, Help), the status bar with its notices, shortcuts, drag and drop, and remembered
// settings. It knows nothing of sources or pipelines: the live controller (app/live) fills the
// source menu, listens to chainChanged/sourceRequested/fileOpened and feeds the view through
// GlView::setFrameHook.
#include <QMainWindow>
#include <QUrl>
#include <functional>

#include "gpu/pipeline/filter_chain.hpp"
#include "ui/files/save_file.hpp"
#include "ui/render/view_mode.hpp"
#include "ui/window/file_kind.hpp"
#include "ui/window/filter_dock.hpp"

class QLabel;
class QMenu;
class QActionGroup;

namespace kc {

// The QSettings keys the window owns (app/ pins some of them for one run: gui_launcher.cpp).
namespace settings_key {
inline constexpr char kSource[] = "source/spec";
inline constexpr char kChain[] = "filters/chain";   // every stage, as --filters text
inline constexpr char kChainOff[] = "filters/off";  // the stages the user switched off: "1,3"
inline constexpr char kViewMode[] = "view/mode";
}  // namespace settings_key

class GlView;
class NoticeArea;
class PresentationMode;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  GlView* view() const { return view_; }
  FilterDock* filterDock() const { return filters_; }
  QMenu* fileMenu() const { return fileMenu_; }
  // File > Snapshot: File > Record goes after it (the actions that write what the view shows).
  QAction* snapshotAction() const { return snapshotAction_; }
  QMenu* sourceMenu() const { return sourceMenu_; }
  QMenu* viewMenu() const { return viewMenu_; }  // app/ adds the toggles of the docks it installs
  NoticeArea* notices() const { return notices_; }
  PresentationMode* presentation() const { return presentation_; }  // View > Presentation

  // Status bar: "NVIDIA H200", "CUDA+interop", "camera 0  1920x1080".
  void setStatusInfo(const QString& device, const QString& path, const QString& source, int width, int height);
  QString statusDevice() const;       // "NVIDIA H200"
  QString statusDisplayPath() const;  // "CUDA+interop"
  // A passing message (it disappears); what must stay goes to notices().
  void showMessage(const QString& message, int timeoutMs = 6000);
  // "Qt: 6.4.2\nOpenCV: 4.6.0\n...": the versions Help > About lists (app/ knows them).
  void setComponentVersions(const QString& lines) { componentVersions_ = lines; }
  const QString& componentVersions() const { return componentVersions_; }
  // What Help > Documentation opens (app/ knows where the docs are: the checkout's README, the
  // installed one, or the project's page); the desktop's handler for the URL shows it.
  void setDocumentationUrl(const QUrl& url) { documentationUrl_ = url; }
  const QUrl& documentationUrl() const { return documentationUrl_; }

  // What File > Open and a drop do: emits fileOpened for an image, a video or a .mtx file;
  // anything else is a status message. Returns whether the file was taken.
  bool openFile(const QString& path, FileKind kind);

  void setViewMode(ViewMode mode);
  ViewMode viewMode() const;
  // View > Mirror: a flip=h stage at the front of the chain, or not.
  void setMirrored(bool mirrored);
  // Named chains (Filters > Save chain as preset / Presets; ui/window/chain_presets.hpp). Each says
  // what it did, or why not, in the status bar, and returns whether it did it.
  QStringList presetNames() const;
  // Saves the whole list (every stage, on or off); a name that is taken is replaced only when the
  // user says so (a question; setReplacePresetQuestion answers it in tests).
  bool savePreset(const QString& name);
  void setReplacePresetQuestion(std::function<bool(const QString& name)> ask) { askReplacePreset_ = std::move(ask); }
  bool loadPreset(const QString& name);
  bool renameSavedPreset(const QString& from, const QString& to);
  bool deleteSavedPreset(const QString& name);
  // The shown view (image + overlays) as it is on screen.
  QImage grabView();
  // File > Snapshot's write: the view as PNG through the window's SaveFile; a refusal or a failed
  // write is a status message and leaves any file at `path` as it was.
  bool saveSnapshot(const QString& path);
  // How the window writes the files the user asks for (app/ installs its output guard).
  void setSaveFile(SaveFile save) { saveFile_ = std::move(save); }

  // Settings (QSettings "kernelcam"): chain, view mode, split, geometry and the source spec.
  // restore returns the remembered source spec ("" if none); app/ keeps the keys it adds.
  // A saved chain is never lost: a stage that cannot be used is kept in the dock, off, and
  // reported in the notice area ("chain"); the chain's keys are written back only when the chain
  // changed since it was restored, so what was saved stays as it was, byte for byte.
  QString restoreSettings();
  void saveSettings(const QString& sourceSpec);

  // The screen's area the window may take (screen_fit.hpp): its first size comes from it, a saved
  // one must fit it, and the window is kept inside it (shown, larger text, another screen).
  QRect availableScreenArea() const;
  void keepOnScreen();

 signals:
  void chainChanged(const kc::FilterChain& chain);
  void sourceRequested(const QString& spec);
  void fileOpened(const QString& path, kc::FileKind kind);
  void closing();

 protected:
  void closeEvent(QCloseEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void buildMenus();
  void buildFileMenu();
  void buildViewMenu();
  void buildFilterMenu();
  void buildHelpMenu();
  void openWithDialog(FileKind kind);
  void snapshotWithDialog();
  void toggleFullScreen();
  void keepOnScreenSoon();
  QMargins frameMargins() const;
  bool askReplacePreset(const QString& name);

  GlView* view_ = nullptr;
  FilterDock* filters_ = nullptr;
  NoticeArea* notices_ = nullptr;
  QMenu* fileMenu_ = nullptr;
  QAction* snapshotAction_ = nullptr;
  QMenu* sourceMenu_ = nullptr;
  QMenu* viewMenu_ = nullptr;
  QString componentVersions_;
  QUrl documentationUrl_;
  QActionGroup* viewModes_ = nullptr;
  QAction* mirror_ = nullptr;
  PresentationMode* presentation_ = nullptr;
  QLabel* deviceLabel_ = nullptr;
  QLabel* pathLabel_ = nullptr;
  QLabel* sourceLabel_ = nullptr;
  FilterDock::SavedForm restoredChain_;  // the dock's chain as restoreSettings left it
  SaveFile saveFile_ = unguardedSaveFile();
  bool screenWatched_ = false;
  std::function<bool(const QString&)> askReplacePreset_;  // empty: a QMessageBox asks
};

}  // namespace kc
