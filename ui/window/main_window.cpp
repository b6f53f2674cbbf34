#include "ui/window/main_window.hpp"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDesktopServices>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScrollArea>
#include <QVBoxLayout>
#include <QSettings>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QClipboard>
#include <QInputDialog>
#include <QScreen>
#include <QStatusBar>
#include <QTimer>
#include <QWindow>

#include <cstdio>

#include "gpu/pipeline/stage_registry.hpp"
#include "ui/files/save_folder.hpp"
#include "ui/window/chain_presets.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/help_dialogs.hpp"
#include "ui/window/notice_area.hpp"
#include "ui/window/settings_file.hpp"
#include "ui/window/presentation_mode.hpp"
#include "ui/window/screen_fit.hpp"
#include "ui/window/side_docks_fit_text.hpp"

namespace kc {

namespace {

// Saved stages that cannot be used: kept in the dock, off, and said once in the notice area.
Notice savedChainNotice(const std::vector<FilterDock::Problem>& problems) {
  Notice notice;
  notice.id = QStringLiteral("chain");
  const QString first = shortenedMessage(problems.front().reason);
  notice.summary = problems.size() == 1
                       ? QObject::tr("Saved filter chain: %1 \u2014 the stage is kept, switched off").arg(first)
                       : QObject::tr("Saved filter chain: %1 stages cannot be used (%2; ...) \u2014 kept, switched off")
                             .arg(problems.size())
                             .arg(first);
  notice.explanation = QObject::tr(
      "kernelcam keeps the filter chain you saved as it is: a stage it cannot use here stays in the Filter chain "
      "dock, switched off, with the reason on its row, and the settings keep its text until you change the chain. "
      "Tick it to try it again, or remove it.");
  QStringList details;
  for (const FilterDock::Problem& problem : problems)
    details << QObject::tr("stage %1: %2").arg(problem.index + 1).arg(problem.reason);
  notice.details = details.join(QLatin1Char('\n'));
  return notice;
}

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setWindowTitle(QStringLiteral("kernelcam"));
  view_ = new GlView(this);
  // Above the view: the start-up notices' banners (NoticeArea), which push the view down rather than
  // cover it and never block the window.
  auto* central = new QWidget(this);
  auto* column = new QVBoxLayout(central);
  column->setContentsMargins(0, 0, 0, 0);
  column->setSpacing(0);
  auto* banners = new QWidget(central);
  banners->setObjectName(QStringLiteral("noticeBanners"));
  auto* bannerColumn = new QVBoxLayout(banners);
  bannerColumn->setContentsMargins(0, 0, 0, 0);
  bannerColumn->setSpacing(0);
  column->addWidget(banners);
  column->addWidget(view_, 1);
  setCentralWidget(central);

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
  sourceLabel_->setObjectName(QStringLiteral("sourceStatus"));
  for (QLabel* label : {sourceLabel_, pathLabel_, deviceLabel_}) label->setContentsMargins(10, 0, 10, 0);
  statusBar()->addPermanentWidget(sourceLabel_);
  statusBar()->addPermanentWidget(pathLabel_);
  statusBar()->addPermanentWidget(deviceLabel_);
  notices_ = new NoticeArea(statusBar(), banners);
  connect(view_, &GlView::renderError, this, [this](const QString& message, const QString& details) {
    notices_->post({QStringLiteral("render"), tr("Display problem: %1").arg(message), message, details, QString()});
  });
  setAcceptDrops(true);

  buildMenus();
  // Most of the screen it opens on, whatever its size (restoreSettings may put back a saved one).
  setGeometry(firstWindowGeometry(availableScreenArea()));
}

QRect MainWindow::availableScreenArea() const {
  const QScreen* on = screen() ? screen() : QGuiApplication::primaryScreen();
  return on ? on->availableGeometry() : QRect(0, 0, 1400, 820);
}

// The frame the window manager put around the window, once shown (Xvfb without one: none).
QMargins MainWindow::frameMargins() const {
  if (!isVisible()) return kFrameAllowance;
  const QRect frame = frameGeometry(), inner = geometry();
  return {inner.left() - frame.left(), inner.top() - frame.top(), frame.right() - inner.right(),
          frame.bottom() - inner.bottom()};
}

void MainWindow::keepOnScreen() {
  if (isFullScreen() || isMaximized() || isMinimized()) return;  // the window manager's size
  const QRect kept = keptOnScreen(geometry(), availableScreenArea(), frameMargins());
  // Not below the window's minimum (Qt would keep it, and each resize would ask again).
  if (kept != geometry() && kept.width() >= minimumWidth() && kept.height() >= minimumHeight()) setGeometry(kept);
}

// A dock shown or a panel grown can make the window larger than the screen: it comes back inside.
void MainWindow::resizeEvent(QResizeEvent* event) {
  QMainWindow::resizeEvent(event);
  if (isVisible() && !fitsOnScreen(geometry(), availableScreenArea(), frameMargins())) keepOnScreenSoon();
}

// Presentation mode's larger text lays the docks out again, and the window grows where they need
// it: after they did (queued), the window is brought back inside the screen.
void MainWindow::keepOnScreenSoon() { QTimer::singleShot(0, this, &MainWindow::keepOnScreen); }

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  if (windowHandle() && !screenWatched_) {
    screenWatched_ = true;  // moved to a projector: it fits that screen
    connect(windowHandle(), &QWindow::screenChanged, this, &MainWindow::keepOnScreenSoon);
  }
  keepOnScreenSoon();
}

// A window destroyed while shown (not closed first: a test's session, an end without close())
// hides here, while it is still whole: QWidget's destructor would hide it after QMainWindow's
// layout is gone, and the docks' toggled handlers (the lab's keepTheViewWide asks where the
// filter dock is) would read the deleted layout (a crash on the H200, 2026-11-28).
MainWindow::~MainWindow() { hide(); }

bool MainWindow::openFile(const QString& path, FileKind kind) {
  if (kind == FileKind::Unsupported) {
    showMessage(tr("%1: not an image, a video or a .mtx matrix").arg(QFileInfo(path).fileName()));
    return false;
  }
  emit fileOpened(path, kind);
  return true;
}

void MainWindow::openWithDialog(FileKind kind) {
  const QString title = kind == FileKind::Image   ? tr("Open image")
                        : kind == FileKind::Video ? tr("Open video")
                                                  : tr("Open a Matrix Market file");
  const QString path = QFileDialog::getOpenFileName(this, title, QString(), fileDialogFilter(kind));
  if (!path.isEmpty()) openFile(path, kind);
}

namespace {
// The first local file of a drag that kernelcam can open.
QString droppableFile(const QMimeData* mime) {
  if (!mime || !mime->hasUrls()) return {};
  for (const QUrl& url : mime->urls())
    if (url.isLocalFile() && fileKindOf(url.toLocalFile()) != FileKind::Unsupported) return url.toLocalFile();
  return {};
}
}  // namespace

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (!droppableFile(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const QString path = droppableFile(event->mimeData());
  if (path.isEmpty()) return;
  event->acceptProposedAction();
  openFile(path, fileKindOf(path));
}

void MainWindow::setMirrored(bool mirrored) {
  FilterChain chain = filters_->chain();
  const bool isMirrored = !chain.empty() && formatStage(chain.front()) == "flip=h";
  if (mirrored == isMirrored) return;
  if (mirrored) chain.insert(chain.begin(), parseStage("flip=h"));
  else chain.erase(chain.begin());
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
  // KC_PRINT_GL (scripts/device/window-on-gpu.sh): the status bar's device and display path on stderr too.
  if (qEnvironmentVariableIsSet("KC_PRINT_GL"))
    std::fprintf(stderr, "kernelcam: status: %s | %s | %s\n", qPrintable(device), qPrintable(path), qPrintable(source));
  const QString size = QStringLiteral("%1x%2").arg(width).arg(height);
  sourceLabel_->setText(width > 0 && !source.endsWith(size) ? QStringLiteral("%1  %2").arg(source, size) : source);
}

QString MainWindow::statusDevice() const { return deviceLabel_->text(); }
QString MainWindow::statusDisplayPath() const { return pathLabel_->text(); }

void MainWindow::showMessage(const QString& message, int timeoutMs) { statusBar()->showMessage(message, timeoutMs); }

QImage MainWindow::grabView() { return view_->grabFramebuffer(); }

bool MainWindow::saveSnapshot(const QString& path) {
  if (const auto failed = trySave(saveFile_, tr("snapshot"), path, [this] { return pngBytes(grabView()); })) {
    showMessage(tr("Snapshot not saved: %1").arg(*failed), 10000);
    return false;
  }
  showMessage(tr("saved %1").arg(path));
  return true;
}

void MainWindow::snapshotWithDialog() {
  const QString suggested = suggestedSavePath(
      QStringLiteral("kernelcam-%1.png").arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-hhmmss"))));
  const QString path = QFileDialog::getSaveFileName(this, tr("Save snapshot"), suggested, tr("PNG images (*.png)"));
  if (path.isEmpty()) return;
  rememberSaveFolder(path);
  saveSnapshot(path);
}

void MainWindow::toggleFullScreen() { isFullScreen() ? showNormal() : showFullScreen(); }

QString MainWindow::restoreSettings() {
  QSettings settings;
  // The saved size only while it still fits this screen (a laptop's window on a 1280x720
  // projector would hang over its edges): else the first size on this screen.
  const QRect saved = settings.value(QStringLiteral("window/normalGeometry")).toRect();
  if (fitsOnScreen(saved, availableScreenArea(), QMargins()))
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
  restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
  if (auto mode = parseViewMode(settings.value(settings_key::kViewMode).toString().toStdString())) setViewMode(*mode);
  view_->renderer().setSplitPosition(settings.value(QStringLiteral("view/split"), 0.5).toDouble());
  if (settings.contains(settings_key::kChain)) {
    // A hand-edited file may hold the chain unquoted, which QSettings reads as a list at its commas.
    const QVariant chain = settings.value(settings_key::kChain);
    const QString chainText =
        chain.typeId() == QMetaType::QStringList ? chain.toStringList().join(QLatin1Char(',')) : chain.toString();
    const auto problems = filters_->restoreSaved({chainText, settings.value(settings_key::kChainOff).toString()});
    if (!problems.empty()) notices_->post(savedChainNotice(problems));
  }
  restoredChain_ = filters_->savedForm();
  // QSettings would drop this run's changes without a word (the chain, presets, the view): said once.
  if (const QString problem = settingsWriteProblem(); !problem.isEmpty())
    notices_->post({QStringLiteral("settings"), tr("Settings cannot be saved \u2014 changes made now are not kept"),
                    tr("kernelcam keeps its settings (the filter chain, presets, the view, the source) in a file it "
                       "cannot write: %1. The window works; what you change in it is lost when it closes.")
                        .arg(problem),
                    problem, QString()});
  return settings.value(settings_key::kSource).toString();
}

void MainWindow::saveSettings(const QString& sourceSpec) {
  QSettings settings;
  settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
  settings.setValue(QStringLiteral("window/normalGeometry"), normalGeometry());
  settings.setValue(QStringLiteral("window/state"), saveState());
  settings.setValue(settings_key::kViewMode, QString::fromLatin1(viewModeName(viewMode())));
  settings.setValue(QStringLiteral("view/split"), view_->renderer().splitPosition());
  // Unchanged since it was restored: the saved text stays as it is (stages this build cannot use
  // included), not a re-formatted copy.
  if (const FilterDock::SavedForm chain = filters_->savedForm(); !(chain == restoredChain_)) {
    settings.setValue(settings_key::kChain, chain.chain);
    settings.setValue(settings_key::kChainOff, chain.off);
  }
  settings.setValue(settings_key::kSource, sourceSpec);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  emit closing();
  QMainWindow::closeEvent(event);
}

}  // namespace kc
