#include "ui/window/main_window.hpp"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDockWidget>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QScrollArea>
#include <QSettings>
#include <QSignalBlocker>
#include <QStatusBar>

#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"

namespace kc {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setWindowTitle(QStringLiteral("kernelcam"));
  view_ = new GlView(this);
  setCentralWidget(view_);

  filters_ = new FilterDock;
  auto* scroll = new QScrollArea;
  scroll->setWidget(filters_);
  scroll->setWidgetResizable(true);
  auto* dock = new QDockWidget(tr("Filter chain"), this);
  dock->setObjectName(QStringLiteral("filterDock"));
  dock->setWidget(scroll);
  dock->setMinimumWidth(260);
  addDockWidget(Qt::RightDockWidgetArea, dock);
  connect(filters_, &FilterDock::chainChanged, this, &MainWindow::chainChanged);

  deviceLabel_ = new QLabel(this);
  pathLabel_ = new QLabel(this);
  sourceLabel_ = new QLabel(this);
  for (QLabel* label : {sourceLabel_, pathLabel_, deviceLabel_}) label->setContentsMargins(10, 0, 10, 0);
  statusBar()->addPermanentWidget(sourceLabel_);
  statusBar()->addPermanentWidget(pathLabel_);
  statusBar()->addPermanentWidget(deviceLabel_);
  connect(view_, &GlView::renderError, this, [this](const QString& message) { showMessage(message, 10000); });

  buildMenus();
  resize(1400, 820);
}

MainWindow::~MainWindow() = default;

void MainWindow::buildMenus() {
  sourceMenu_ = menuBar()->addMenu(tr("&Source"));

  QMenu* viewMenu = viewMenu_ = menuBar()->addMenu(tr("&View"));
  viewModes_ = new QActionGroup(this);
  for (ViewMode mode : {ViewMode::SideBySide, ViewMode::FilteredOnly, ViewMode::Split}) {
    QAction* action = viewMenu->addAction(QString::fromLatin1(viewModeName(mode)));
    action->setCheckable(true);
    action->setData(static_cast<int>(mode));
    viewModes_->addAction(action);
    connect(action, &QAction::triggered, this, [this, mode] { setViewMode(mode); });
  }
  QAction* cycle = viewMenu->addAction(tr("Next view mode"));
  cycle->setShortcut(Qt::Key_V);
  connect(cycle, &QAction::triggered, this, [this] { setViewMode(nextViewMode(viewMode())); });
  viewMenu->addSeparator();

  QAction* overlay = viewMenu->addAction(tr("Timing overlay"));
  overlay->setCheckable(true);
  overlay->setChecked(true);
  overlay->setShortcut(Qt::Key_O);
  connect(overlay, &QAction::toggled, this, [this](bool on) {
    view_->renderer().setTimingOverlayVisible(on);
    view_->renderer().setHistogramOverlayVisible(on);
    view_->update();
  });
  QAction* fullScreen = viewMenu->addAction(tr("Full screen"));
  fullScreen->setShortcut(Qt::Key_F11);
  connect(fullScreen, &QAction::triggered, this, &MainWindow::toggleFullScreen);
  QAction* snapshot = viewMenu->addAction(tr("Snapshot..."));
  snapshot->setShortcut(Qt::Key_S);
  connect(snapshot, &QAction::triggered, this, &MainWindow::snapshotWithDialog);

  // Mirror = a flip=h stage at the front of the chain (the selfie view); the dock shows it like any stage.
  mirror_ = viewMenu->addAction(tr("&Mirror (selfie view)"));
  mirror_->setCheckable(true);
  mirror_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));
  connect(mirror_, &QAction::toggled, this, &MainWindow::setMirrored);
  connect(filters_, &FilterDock::chainChanged, this, [this](const FilterChain& chain) {
    const QSignalBlocker block(mirror_);
    mirror_->setChecked(!chain.empty() && formatStage(chain.front()) == "flip=h");
  });

  setViewMode(ViewMode::SideBySide);
}

void MainWindow::setMirrored(bool mirrored) {
  FilterChain chain = filters_->chain();
  const bool isMirrored = !chain.empty() && formatStage(chain.front()) == "flip=h";
  if (mirrored == isMirrored) return;
  if (mirrored)
    chain.insert(chain.begin(), parseStage("flip=h"));
  else
    chain.erase(chain.begin());
  filters_->setChain(chain);
}

void MainWindow::setViewMode(ViewMode mode) {
  view_->renderer().setViewMode(mode);
  for (QAction* action : viewModes_->actions())
    if (action->data().toInt() == static_cast<int>(mode)) action->setChecked(true);
  view_->update();
}

ViewMode MainWindow::viewMode() const { return view_->renderer().viewMode(); }

void MainWindow::setStatusInfo(const QString& device, const QString& path, const QString& source, int width,
                               int height) {
  deviceLabel_->setText(device);
  pathLabel_->setText(path);
  sourceLabel_->setText(width > 0 ? QStringLiteral("%1  %2x%3").arg(source).arg(width).arg(height) : source);
}

void MainWindow::showMessage(const QString& message, int timeoutMs) { statusBar()->showMessage(message, timeoutMs); }

QImage MainWindow::grabView() { return view_->grabFramebuffer(); }

bool MainWindow::saveSnapshot(const QString& path) {
  const QImage image = grabView();
  const bool ok = !image.isNull() && image.save(path, "PNG");
  showMessage(ok ? tr("saved %1").arg(path) : tr("could not save %1").arg(path));
  return ok;
}

void MainWindow::snapshotWithDialog() {
  const QString suggested =
      QStringLiteral("kernelcam-%1.png").arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-hhmmss")));
  const QString path = QFileDialog::getSaveFileName(this, tr("Save snapshot"), suggested, tr("PNG images (*.png)"));
  if (!path.isEmpty()) saveSnapshot(path);
}

void MainWindow::toggleFullScreen() { isFullScreen() ? showNormal() : showFullScreen(); }

QString MainWindow::restoreSettings() {
  QSettings settings;
  restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
  restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
  if (auto mode = parseViewMode(settings.value(QStringLiteral("view/mode")).toString().toStdString())) setViewMode(*mode);
  view_->renderer().setSplitPosition(settings.value(QStringLiteral("view/split"), 0.5).toDouble());
  const QString chainText = settings.value(QStringLiteral("filters/chain")).toString();
  if (settings.contains(QStringLiteral("filters/chain"))) {
    try {
      filters_->setChain(chainText.isEmpty() ? FilterChain{} : parseFilterChain(chainText.toStdString()));
    } catch (const std::exception& error) {
      showMessage(tr("ignoring the saved filter chain: %1").arg(QString::fromStdString(error.what())));
    }
  }
  return settings.value(QStringLiteral("source/spec")).toString();
}

void MainWindow::saveSettings(const QString& sourceSpec) {
  QSettings settings;
  settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
  settings.setValue(QStringLiteral("window/state"), saveState());
  settings.setValue(QStringLiteral("view/mode"), QString::fromLatin1(viewModeName(viewMode())));
  settings.setValue(QStringLiteral("view/split"), view_->renderer().splitPosition());
  settings.setValue(QStringLiteral("filters/chain"), QString::fromStdString(formatFilterChain(filters_->chain())));
  settings.setValue(QStringLiteral("source/spec"), sourceSpec);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  emit closing();
  QMainWindow::closeEvent(event);
}

}  // namespace kc
