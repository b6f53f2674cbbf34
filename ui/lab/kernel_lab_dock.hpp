#pragma once
// Puts the kernel lab's editor into the main window: a dock on the left, hidden at first, opened by
// View > Kernel lab (Ctrl+K) and by the Lab menu (new, open, the built-in stages' kernels), which
// bring it to the front wherever it is docked (its tab current, the editor focused). The panel
// scrolls in its dock when the dock is shorter than it. Install it before
// MainWindow::restoreSettings() so the window remembers whether it was open.
#include <QString>
#include <utility>

#include "ui/lab/lab_toolchain.hpp"

class QDockWidget;
class QMainWindow;
class QTabBar;

namespace kc {

class KernelLabPanel;
class MainWindow;

KernelLabPanel* installKernelLab(MainWindow& window, lab::LabToolchain toolchain, const QString& labDirectory);
QDockWidget* kernelLabDock(MainWindow& window);  // the installed dock, or nullptr
// The tab bar of the group `dock` is tabbed in and its tab there; {nullptr, -1} when it has none.
std::pair<QTabBar*, int> dockTab(const QMainWindow& window, const QDockWidget* dock);

}  // namespace kc
