#include "ui/lab/kernel_lab_dock.hpp"

#include <QAction>
#include <QDockWidget>
#include <QFileDialog>
#include <QMenu>
#include <QMenuBar>
#include <memory>

#include "ui/lab/builtin_kernels.hpp"
#include "ui/lab/kernel_lab_panel.hpp"
#include "ui/window/main_window.hpp"

namespace kc {

namespace {
const QString kDockName = QStringLiteral("kernelLabDock");

// The lab on the left and the filter chain on the right left the view ~460 px of a 1400 px window.
// When the lab opens and the view would get less than half the window, the filter chain joins the
// lab as a tab (its stage controls a click away); when the lab closes, it goes back to the right.
// The user's own arrangement wins: a filter dock that is floating or already beside the lab is left alone.
void keepTheViewWide(MainWindow& window, QDockWidget* lab) {
  auto* filters = window.findChild<QDockWidget*>(QStringLiteral("filterDock"));
  if (!filters) return;
  auto tabbed = std::make_shared<bool>(false);
  QObject::connect(lab->toggleViewAction(), &QAction::toggled, lab, [&window, lab, filters, tabbed](bool shown) {
    if (shown) {
      const bool squeezed = window.dockWidgetArea(filters) == Qt::RightDockWidgetArea && !filters->isFloating() &&
                            filters->isVisible() &&
                            window.width() - lab->minimumWidth() - filters->width() < window.width() / 2;
      if (!squeezed) return;
      window.tabifyDockWidget(lab, filters);
      lab->raise();
      *tabbed = true;
    } else if (*tabbed) {
      *tabbed = false;
      if (window.dockWidgetArea(filters) == Qt::LeftDockWidgetArea && !filters->isFloating()) {
        window.addDockWidget(Qt::RightDockWidgetArea, filters);
        filters->show();
      }
    }
  });
}
}  // namespace

KernelLabPanel* installKernelLab(MainWindow& window, lab::LabToolchain toolchain, const QString& labDirectory) {
  auto* panel = new KernelLabPanel(std::move(toolchain), labDirectory);
  auto* dock = new QDockWidget(QObject::tr("Kernel lab"), &window);
  dock->setObjectName(kDockName);
  dock->setWidget(panel);
  dock->setMinimumWidth(540);
  window.addDockWidget(Qt::LeftDockWidgetArea, dock);
  dock->hide();
  keepTheViewWide(window, dock);

  QAction* toggle = dock->toggleViewAction();
  toggle->setText(QObject::tr("Kernel lab"));
  toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
  window.viewMenu()->addAction(toggle);

  // Lab menu: the same editor, reached by what one wants to do with it.
  auto* menu = new QMenu(QObject::tr("&Lab"), &window);
  QAction* before = nullptr;  // before Help, where the window has one
  for (QAction* action : window.menuBar()->actions())
    if (action->menu() && action->text().remove(QLatin1Char('&')) == QObject::tr("Help")) before = action;
  window.menuBar()->insertMenu(before, menu);
  auto showing = [dock](auto action) {
    return [dock, action] {
      dock->show();
      dock->raise();
      action();
    };
  };
  menu->addAction(QObject::tr("Kernel editor"), dock, showing([] {}));
  menu->addAction(QObject::tr("New kernel\u2026"), dock, showing([panel, labDirectory] {
    const QString path = QFileDialog::getSaveFileName(panel, QObject::tr("New kernel"), labDirectory,
                                                      QObject::tr("CUDA (*.cu)"));
    if (!path.isEmpty()) panel->newFile(path);
  }));
  menu->addAction(QObject::tr("Open kernel\u2026"), dock, showing([panel, labDirectory] {
    const QString path = QFileDialog::getOpenFileName(panel, QObject::tr("Open kernel"), labDirectory,
                                                      QObject::tr("CUDA (*.cu *.cuh)"));
    if (!path.isEmpty()) panel->openFile(path);
  }));
  QMenu* builtIns = menu->addMenu(QObject::tr("Open built-in"));
  for (const BuiltInKernel& kernel : builtInKernels())
    builtIns->addAction(kernel.title, dock, showing([panel, name = kernel.fileName] { panel->openBuiltIn(name); }));
  menu->addSeparator();
  QAction* ab = menu->addAction(QObject::tr("A/B on the live stream"));
  ab->setCheckable(true);
  QObject::connect(ab, &QAction::toggled, panel, [panel, dock](bool on) {
    if (on) dock->show();
    panel->setAbEnabled(on);
  });
  QObject::connect(panel, &KernelLabPanel::abChanged, ab, [ab, panel] {
    const QSignalBlocker block(ab);
    ab->setChecked(panel->abEnabled());
  });
  return panel;
}

QDockWidget* kernelLabDock(MainWindow& window) { return window.findChild<QDockWidget*>(kDockName); }

}  // namespace kc
