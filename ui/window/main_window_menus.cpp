// The window's menus: File, Source, View, Filters (with the chain presets) and Help.
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

void MainWindow::buildMenus() {
  buildFileMenu();
  sourceMenu_ = menuBar()->addMenu(tr("&Source"));
  buildViewMenu();
  buildFilterMenu();
  buildHelpMenu();
  setViewMode(ViewMode::SideBySide);
}

void MainWindow::buildFileMenu() {
  fileMenu_ = menuBar()->addMenu(tr("&File"));
  const struct {
    FileKind kind;
    QString text;
    QKeySequence key;
  } opens[] = {{FileKind::Image, tr("Open &image..."), QKeySequence::Open},
               {FileKind::Video, tr("Open &video..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O)},
               {FileKind::Matrix, tr("Open &matrix for the CG demo..."), QKeySequence(Qt::CTRL | Qt::Key_M)}};
  for (const auto& open : opens) {
    QAction* action = fileMenu_->addAction(open.text);
    action->setShortcut(open.key);
    connect(action, &QAction::triggered, this, [this, kind = open.kind] { openWithDialog(kind); });
  }
  fileMenu_->addSeparator();
  snapshotAction_ = fileMenu_->addAction(tr("&Snapshot..."));
  snapshotAction_->setShortcut(QKeySequence::Save);
  connect(snapshotAction_, &QAction::triggered, this, &MainWindow::snapshotWithDialog);
  fileMenu_->addSeparator();
  QAction* quit = fileMenu_->addAction(tr("&Quit"));
  quit->setShortcut(QKeySequence::Quit);
  quit->setMenuRole(QAction::QuitRole);
  // close(), not qApp->quit(): closing() saves the settings on the way out.
  connect(quit, &QAction::triggered, this, &QWidget::close);
}

void MainWindow::buildViewMenu() {
  QMenu* viewMenu = viewMenu_ = menuBar()->addMenu(tr("&View"));
  viewModes_ = new QActionGroup(this);
  const Qt::Key digits[] = {Qt::Key_1, Qt::Key_2, Qt::Key_3};
  int n = 0;
  for (ViewMode mode : {ViewMode::SideBySide, ViewMode::FilteredOnly, ViewMode::Split}) {
    QAction* action = viewMenu->addAction(QString::fromLatin1(viewModeName(mode)));
    action->setCheckable(true);
    action->setData(static_cast<int>(mode));
    action->setShortcut(QKeySequence(Qt::CTRL | digits[n++]));
    viewModes_->addAction(action);
    connect(action, &QAction::triggered, this, [this, mode] { setViewMode(mode); });
  }
  QAction* cycle = viewMenu->addAction(tr("Next view mode"));
  cycle->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Tab));
  connect(cycle, &QAction::triggered, this, [this] { setViewMode(nextViewMode(viewMode())); });
  viewMenu->addSeparator();

  QAction* overlay = viewMenu->addAction(tr("Timing overlay"));
  overlay->setCheckable(true);
  overlay->setChecked(true);
  overlay->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
  connect(overlay, &QAction::toggled, this, [this](bool on) {
    view_->renderer().setTimingOverlayVisible(on);
    view_->renderer().setHistogramOverlayVisible(on);
    view_->update();
  });
  QAction* fullScreen = viewMenu->addAction(tr("Full screen"));
  // The desktop's own binding, and F11 everywhere (some platforms define none).
  QList<QKeySequence> fullScreenKeys = QKeySequence::keyBindings(QKeySequence::FullScreen);
  if (!fullScreenKeys.contains(QKeySequence(Qt::Key_F11))) fullScreenKeys << QKeySequence(Qt::Key_F11);
  fullScreen->setShortcuts(fullScreenKeys);
  connect(fullScreen, &QAction::triggered, this, &MainWindow::toggleFullScreen);
  viewMenu->addSeparator();
  presentation_ = new PresentationMode(view_, viewMenu, this);
  auto* docksFit = new SideDocksFitText(this);
  connect(presentation_, &PresentationMode::scaleChanged, docksFit, &SideDocksFitText::scaleChanged);
  connect(presentation_, &PresentationMode::scaleChanged, this, &MainWindow::keepOnScreenSoon);
  viewMenu->addSeparator();
  // Mirror = a flip=h stage at the front of the chain (the selfie view); the dock shows it like any stage.
  mirror_ = viewMenu->addAction(tr("&Mirror (selfie view)"));
  mirror_->setCheckable(true);
  mirror_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));  // Ctrl+M opens a matrix
  connect(mirror_, &QAction::toggled, this, &MainWindow::setMirrored);
  connect(filters_, &FilterDock::chainChanged, this, [this](const FilterChain& chain) {
    const QSignalBlocker block(mirror_);
    mirror_->setChecked(!chain.empty() && formatStage(chain.front()) == "flip=h");
  });
}

void MainWindow::buildFilterMenu() {
  QMenu* filterMenu = menuBar()->addMenu(tr("F&ilters"));
  // Every registered stage, appended to the chain (the dock edits it from there).
  QMenu* add = filterMenu->addMenu(tr("&Add stage"));
  for (const StageDefinition* definition : stageRegistry().all()) {
    QAction* action = add->addAction(QString::fromStdString(definition->displayName));
    action->setStatusTip(QString::fromStdString(definition->help));
    connect(action, &QAction::triggered, this, [this, id = definition->id] {
      if (!filters_->addRegisteredStage(id) && !filters_->errorText().isEmpty())
        showMessage(filters_->errorText(), 10000);
    });
  }
  QAction* copy = filterMenu->addAction(tr("&Copy chain as --filters"));
  copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
  connect(copy, &QAction::triggered, this, [this] {
    const QString text =
        QStringLiteral("--filters \"%1\"").arg(QString::fromStdString(formatFilterChain(filters_->chain())));
    QGuiApplication::clipboard()->setText(text);
    showMessage(tr("copied: %1").arg(text));
  });
  filterMenu->addSeparator();
  QAction* save = filterMenu->addAction(tr("&Save chain as preset..."));
  connect(save, &QAction::triggered, this, [this] {
    bool ok = false;
    const QString name =
        QInputDialog::getText(this, tr("Save preset"), tr("Name of this chain:"), QLineEdit::Normal, QString(), &ok)
            .trimmed();
    if (ok) savePreset(name);
  });
  QMenu* presets = filterMenu->addMenu(tr("&Presets"));
  connect(presets, &QMenu::aboutToShow, this, [this, presets] {
    presets->clear();
    const QStringList names = presetNames();
    if (names.isEmpty()) presets->addAction(tr("(none saved yet)"))->setEnabled(false);
    for (const QString& name : names)
      connect(presets->addAction(name), &QAction::triggered, this, [this, name] { loadPreset(name); });
    if (names.isEmpty()) return;
    presets->addSeparator();
    connect(presets->addAction(tr("&Rename a preset...")), &QAction::triggered, this, [this] {
      bool ok = false;
      const QString from =
          QInputDialog::getItem(this, tr("Rename preset"), tr("Preset:"), presetNames(), 0, false, &ok);
      if (!ok) return;
      const QString to = QInputDialog::getText(this, tr("Rename preset"), tr("New name of '%1':").arg(from),
                                               QLineEdit::Normal, from, &ok)
                             .trimmed();
      if (ok && to != from) renameSavedPreset(from, to);
    });
    connect(presets->addAction(tr("&Delete a preset...")), &QAction::triggered, this, [this] {
      bool ok = false;
      const QString name =
          QInputDialog::getItem(this, tr("Delete preset"), tr("Preset:"), presetNames(), 0, false, &ok);
      if (ok) deleteSavedPreset(name);
    });
  });
  QAction* reset = filterMenu->addAction(tr("&Reset to the default chain"));
  connect(reset, &QAction::triggered, this, [this] { filters_->setChain(defaultFilterChain()); });
}

QStringList MainWindow::presetNames() const { return kc::presetNames(); }

bool MainWindow::savePreset(const QString& name) {
  if (const QString problem = presetNameProblem(name); !problem.isEmpty()) {
    showMessage(tr("not saved: %1").arg(problem));
    return false;
  }
  // Replacing a preset is asked, as Rename refuses a name that is taken.
  if (presetChainText(name) && !(askReplacePreset_ ? askReplacePreset_(name) : askReplacePreset(name))) {
    showMessage(tr("not saved: a preset named '%1' exists already (kept as it was)").arg(name));
    return false;
  }
  // The whole list, as the settings keep it: a kernel= stage, one switched off, one kept in its
  // saved text, each at its place (filters_->chain() is only what runs now).
  const FilterDock::SavedForm form = filters_->savedForm();
  storePreset(name, form.chain, form.off);
  showMessage(tr("saved preset '%1'").arg(name));
  return true;
}

bool MainWindow::askReplacePreset(const QString& name) {
  return QMessageBox::question(this, tr("Save preset"),
                               tr("A preset named '%1' exists already. Replace it with this chain?").arg(name),
                               QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) == QMessageBox::Yes;
}

bool MainWindow::loadPreset(const QString& name) {
  const std::optional<QString> text = presetChainText(name);
  if (!text) {
    showMessage(tr("no preset named '%1'").arg(name));
    return false;
  }
  // As a saved chain comes back: a stage that cannot be used here (saved by a version that knew
  // other stages, a kernel file gone) stays in the list, off, with the reason on its row.
  const std::vector<FilterDock::Problem> problems = filters_->restoreSaved({*text, presetOffText(name)});
  if (!problems.empty())
    showMessage(tr("preset '%1': %2 \u2014 kept in the chain, switched off")
                    .arg(name, shortenedMessage(problems.front().reason)));
  return true;
}

bool MainWindow::renameSavedPreset(const QString& from, const QString& to) {
  if (const QString problem = presetNameProblem(to); !problem.isEmpty()) {
    showMessage(tr("not renamed: %1").arg(problem));
    return false;
  }
  if (!renamePreset(from, to)) {
    showMessage(tr("not renamed: a preset named '%1' exists already").arg(to));
    return false;
  }
  showMessage(tr("renamed preset '%1' to '%2'").arg(from, to));
  return true;
}

bool MainWindow::deleteSavedPreset(const QString& name) {
  if (!removePreset(name)) return false;
  showMessage(tr("deleted preset '%1'").arg(name));
  return true;
}

void MainWindow::buildHelpMenu() {
  QMenu* help = menuBar()->addMenu(tr("&Help"));
  QAction* shortcuts = help->addAction(tr("&Keyboard shortcuts"));
  shortcuts->setShortcut(QKeySequence::HelpContents);
  connect(shortcuts, &QAction::triggered, this, [this] { showShortcutsDialog(this, menuBar()); });
  QAction* documentation = help->addAction(tr("&Documentation"));
  documentation->setObjectName(QStringLiteral("helpDocumentation"));
  connect(documentation, &QAction::triggered, this, [this] {
    if (documentationUrl_.isEmpty() || !QDesktopServices::openUrl(documentationUrl_))
      showMessage(tr("cannot open the documentation (%1): no program here opens it")
                      .arg(documentationUrl_.toDisplayString(QUrl::PreferLocalFile)));
  });
  QAction* about = help->addAction(tr("&About kernelcam"));
  about->setMenuRole(QAction::AboutRole);
  connect(about, &QAction::triggered, this, [this] { showAboutDialog(this, componentVersions_); });
}

}  // namespace kc
