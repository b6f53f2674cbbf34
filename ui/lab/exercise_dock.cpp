#include "ui/lab/exercise_dock.hpp"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>

#include "ui/lab/kernel_lab_dock.hpp"
#include "ui/window/main_window.hpp"

namespace kc {
namespace {
const QString kDockName = QStringLiteral("exerciseDock");

QMenu* labMenu(MainWindow& window) {
  for (QAction* action : window.menuBar()->actions())
    if (action->menu() && action->text().remove(QLatin1Char('&')) == QObject::tr("Lab")) return action->menu();
  return nullptr;
}
}  // namespace

ExercisePanel* installExercises(MainWindow& window, KernelLabPanel& lab, ExerciseService service) {
  auto* panel = new ExercisePanel(std::move(service), lab);
  auto* dock = new QDockWidget(QObject::tr("Exercise"), &window);
  dock->setObjectName(kDockName);
  dock->setWidget(panel);
  dock->setMinimumWidth(320);
  window.addDockWidget(Qt::LeftDockWidgetArea, dock);
  if (QDockWidget* labDock = kernelLabDock(window)) window.splitDockWidget(dock, labDock, Qt::Horizontal);
  dock->hide();
  if (QMenu* menu = labMenu(window)) {
    QAction* exercises = new QAction(QObject::tr("Exercises\u2026"), menu);
    exercises->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    QObject::connect(exercises, &QAction::triggered, &window, [&window] { showExercises(window); });
    menu->insertAction(menu->actions().isEmpty() ? nullptr : menu->actions().first(), exercises);
  }
  return panel;
}

QDockWidget* exerciseDock(MainWindow& window) { return window.findChild<QDockWidget*>(kDockName); }

void showExercises(MainWindow& window) {
  QDockWidget* dock = exerciseDock(window);
  if (!dock) return;
  if (QDockWidget* labDock = kernelLabDock(window)) {
    labDock->show();
    labDock->raise();
  }
  dock->show();
  dock->raise();
  if (auto* panel = qobject_cast<ExercisePanel*>(dock->widget())) panel->exerciseChoice()->setFocus();
}

}  // namespace kc
