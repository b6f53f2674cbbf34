#pragma once
// Puts the kernel lab's editor into the main window: a dock on the left, hidden at first, opened by
// View > Kernel lab (Ctrl+K) and by the Lab menu (new, open, the built-in stages' kernels). Install
// it before MainWindow::restoreSettings() so the window remembers whether it was open.
#include <QString>

#include "ui/lab/lab_toolchain.hpp"

class QDockWidget;

namespace kc {

class KernelLabPanel;
class MainWindow;

KernelLabPanel* installKernelLab(MainWindow& window, lab::LabToolchain toolchain, const QString& labDirectory);
QDockWidget* kernelLabDock(MainWindow& window);  // the installed dock, or nullptr

}  // namespace kc
