#include "ui/demos/demo_dock.hpp"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QScrollArea>
#include <QSettings>

#include "ui/demos/demo_panel.hpp"
#include "ui/window/main_window.hpp"

namespace kc {

namespace {
const QString kDockName = QStringLiteral("demoDock");
const QString kDemoKey = QStringLiteral("demos/demo");  // the demo chosen last, by its record's id
}  // namespace

DemoPanel* installDemoDock(MainWindow& window, DemoRunners runners, const QString& matrixDirectory) {
  auto* panel = new DemoPanel(std::move(runners), matrixDirectory);
  // The choice comes back as the user left it, as the window's other settings do: read here, written
  // when the window closes. An id no demo has any more leaves the first one.
  panel->selectDemo(QSettings().value(kDemoKey).toString());
  QObject::connect(&window, &MainWindow::closing, panel, [panel] { QSettings().setValue(kDemoKey, panel->demo()); });
  auto* dock = new QDockWidget(QObject::tr("Demos"), &window);
  dock->setObjectName(kDockName);
  // The panel scrolls where the window is smaller than it (presentation text on a 1024x768 screen):
  // its minimum width no longer makes the window wider than the screen.
  auto* scroll = new QScrollArea;
  scroll->setObjectName(QStringLiteral("demoScroll"));
  scroll->setWidget(panel);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  dock->setWidget(scroll);
  // Bottom (the default: wide, the columns side by side), left or right (the columns stack),
  // or floating on a second screen. Never the top: the menus and the view's overlay live there.
  dock->setAllowedAreas(Qt::BottomDockWidgetArea | Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
  dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                    QDockWidget::DockWidgetClosable);
  // The panel is wide (controls, table and chart, source): give it the whole bottom edge.
  window.setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
  window.setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
  window.addDockWidget(Qt::BottomDockWidgetArea, dock);
  dock->hide();

  auto placeColumns = [panel, dock, &window] {
    const Qt::DockWidgetArea area = window.dockWidgetArea(dock);
    panel->setStacked(!dock->isFloating() && (area == Qt::LeftDockWidgetArea || area == Qt::RightDockWidgetArea));
  };
  QObject::connect(dock, &QDockWidget::dockLocationChanged, panel, placeColumns);
  QObject::connect(dock, &QDockWidget::topLevelChanged, panel, placeColumns);
  QObject::connect(dock, &QDockWidget::visibilityChanged, panel, placeColumns);  // after restoreState too
  QAction* toggle = dock->toggleViewAction();
  toggle->setText(QObject::tr("Demos panel"));
  toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
  window.viewMenu()->addSeparator();
  window.viewMenu()->addAction(toggle);
  return panel;
}

QDockWidget* demoDock(MainWindow& window) { return window.findChild<QDockWidget*>(kDockName); }

}  // namespace kc
