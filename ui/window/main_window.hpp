#pragma once
// The main window: the GL view in the centre, the filter dock, menus (source, view), the status
// bar, shortcuts and remembered settings. It knows nothing of sources or pipelines: the live
// controller (app/live) fills the source menu, listens to chainChanged/sourceRequested and feeds
// the view through GlView::setFrameHook.
#include <QMainWindow>

#include "gpu/pipeline/filter_chain.hpp"
#include "ui/render/view_mode.hpp"

class QLabel;
class QMenu;
class QActionGroup;

namespace kc {

class FilterDock;
class GlView;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  GlView* view() const { return view_; }
  FilterDock* filterDock() const { return filters_; }
  QMenu* sourceMenu() const { return sourceMenu_; }
  QMenu* viewMenu() const { return viewMenu_; }  // app/ adds the toggles of the docks it installs

  // Status bar: "NVIDIA H200", "CUDA+interop", "camera 0  1920x1080".
  void setStatusInfo(const QString& device, const QString& path, const QString& source, int width, int height);
  void showMessage(const QString& message, int timeoutMs = 6000);

  void setViewMode(ViewMode mode);
  ViewMode viewMode() const;
  // View > Mirror: a flip=h stage at the front of the chain, or not.
  void setMirrored(bool mirrored);
  // The shown view (image + overlays) as it is on screen.
  QImage grabView();
  bool saveSnapshot(const QString& path);

  // Settings (QSettings "kernelcam"): chain, view mode, source, geometry. restore returns the
  // remembered source spec ("" if none).
  QString restoreSettings();
  void saveSettings(const QString& sourceSpec);

 signals:
  void chainChanged(const kc::FilterChain& chain);
  void sourceRequested(const QString& spec);
  void closing();

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void buildMenus();
  void snapshotWithDialog();
  void toggleFullScreen();

  GlView* view_ = nullptr;
  FilterDock* filters_ = nullptr;
  QMenu* sourceMenu_ = nullptr;
  QMenu* viewMenu_ = nullptr;
  QActionGroup* viewModes_ = nullptr;
  QAction* mirror_ = nullptr;
  QLabel* deviceLabel_ = nullptr;
  QLabel* pathLabel_ = nullptr;
  QLabel* sourceLabel_ = nullptr;
};

}  // namespace kc
