#include "ui/lab/kernel_lab_dock.hpp"

#include <QAction>
#include <QDockWidget>
#include <QFileDialog>
#include <QMenu>
#include <QMenuBar>
#include <QScrollArea>
#include <QTabBar>
#include <QTimer>
#include <memory>

#include "ui/lab/builtin_kernels.hpp"
#include "ui/lab/code_editor.hpp"
#include "ui/lab/kernel_lab_panel.hpp"
#include "ui/window/main_window.hpp"

namespace kc {

namespace {
const QString kDockName = QStringLiteral("kernelLabDock");

}  // namespace

// QMainWindow names a tab by its dock's title and keeps the dock's address in the tab's data.
std::pair<QTabBar*, int> dockTab(const QMainWindow& window, const QDockWidget* dock) {
  for (QTabBar* bar : window.findChildren<QTabBar*>()) {
    if (!bar->isVisible()) continue;  // a group's bar that QMainWindow keeps for reuse
    for (int i = 0; i < bar->count(); ++i)
      if (bar->tabData(i).value<quintptr>() == reinterpret_cast<quintptr>(dock)) return {bar, i};
  }
  return {nullptr, -1};
}

namespace {

// In front where it is docked: shown, and the current tab of its group where it shares one.
bool inFront(const QMainWindow& window, const QDockWidget* dock) {
  if (!dock->isVisible()) return false;
  const auto [bar, index] = dockTab(window, dock);
  return !bar || bar->currentIndex() == index;
}

// Makes the lab's tab the current one and gives the editor the keyboard. QMainWindow builds a new
// tab group's bar when it next lays out, after tabifyDockWidget returns, and only then does raise()
// find the tab; a raise before that left the Filter chain tab in front. So: now and once the layout
// has run.
void bringToFront(QDockWidget* lab, KernelLabPanel* panel) {
  auto raise = [lab, panel] {
    if (lab->isHidden()) return;
    lab->raise();
    panel->editor()->setFocus(Qt::ShortcutFocusReason);
  };
  raise();
  QTimer::singleShot(0, lab, raise);
}

// The lab on the left and the filter chain on the right left the view ~460 px of a 1400 px window.
// When the lab opens and the view would get less than half the window, the filter chain joins the
// lab as a tab (its stage controls a click away); when the lab closes, it goes back to the right.
// The user's own arrangement wins: a filter dock that is floating or already beside the lab is left alone.
void keepTheViewWide(MainWindow& window, QDockWidget* lab, KernelLabPanel* panel) {
  auto* filters = window.findChild<QDockWidget*>(QStringLiteral("filterDock"));
  if (!filters) return;
  auto tabbed = std::make_shared<bool>(false);
  QObject::connect(lab->toggleViewAction(), &QAction::toggled, lab, [&window, lab, panel, filters, tabbed](bool shown) {
    if (shown) {
      const bool squeezed = window.dockWidgetArea(filters) == Qt::RightDockWidgetArea && !filters->isFloating() &&
                            filters->isVisible() &&
                            window.width() - lab->minimumWidth() - filters->width() < window.width() / 2;
      if (!squeezed) return;
      window.tabifyDockWidget(lab, filters);
      bringToFront(lab, panel);
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
  // The panel scrolls when the dock is shorter than its controls (a 720-line projector, larger text):
  // squeezed below its minimum, its layout drew the status line over the editor.
  auto* scroll = new QScrollArea;
  scroll->setObjectName(QStringLiteral("kernelLabScroll"));
  scroll->setWidget(panel);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  dock->setWidget(scroll);
  dock->setMinimumWidth(540);
  window.addDockWidget(Qt::LeftDockWidgetArea, dock);
  dock->hide();
  keepTheViewWide(window, dock, panel);

  // View > Kernel lab (Ctrl+K) brings the lab to the front wherever it is docked: shown, its tab
  // current, the editor focused. Pressed with the lab already in front, it closes it (the check
  // mark says whether it is open). Not the dock's toggleViewAction: on a lab open behind the Filter
  // chain tab that would close it, the opposite of what the key was pressed for.
  auto* toggle = new QAction(QObject::tr("Kernel lab"), dock);
  toggle->setObjectName(QStringLiteral("kernelLabAction"));
  toggle->setCheckable(true);
  toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
  QObject::connect(dock->toggleViewAction(), &QAction::toggled, toggle, &QAction::setChecked);
  QObject::connect(toggle, &QAction::triggered, dock, [&window, dock, panel, toggle] {
    if (inFront(window, dock)) {
      dock->close();
    } else {
      dock->show();
      bringToFront(dock, panel);
    }
    toggle->setChecked(dock->isVisible());
  });
  window.viewMenu()->addAction(toggle);

  // Lab menu: the same editor, reached by what one wants to do with it.
  auto* menu = new QMenu(QObject::tr("&Lab"), &window);
  QAction* before = nullptr;  // before Help, where the window has one
  for (QAction* action : window.menuBar()->actions())
    if (action->menu() && action->text().remove(QLatin1Char('&')) == QObject::tr("Help")) before = action;
  window.menuBar()->insertMenu(before, menu);
  auto showing = [dock, panel](auto action) {
    return [dock, panel, action] {
      dock->show();
      bringToFront(dock, panel);
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
