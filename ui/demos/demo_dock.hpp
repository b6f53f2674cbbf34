#pragma once
// Puts the demo panel into the main window: a bottom dock (full width, about a third of the
// height: the live view keeps the rest), hidden at first, toggled by View > Demos panel (Ctrl+D).
// It may move to the left or right (its columns stack) or float. Install it before
// MainWindow::restoreSettings() so the window remembers whether it was open, where and how big;
// the panel's demo choice is remembered too (demos/demo, written when the window closes).
#include <QString>

#include "ui/demos/demo_runners.hpp"

class QDockWidget;

namespace kc {

class DemoPanel;
class MainWindow;

DemoPanel* installDemoDock(MainWindow& window, DemoRunners runners, const QString& matrixDirectory);
QDockWidget* demoDock(MainWindow& window);  // the installed dock, or nullptr

}  // namespace kc
