#pragma once
// The Help menu's windows: About (the version of kernelcam and of what it runs on) and the
// keyboard shortcuts, read from the menus themselves so the list cannot go stale.
#include <QList>
#include <QPair>
#include <QString>

class QDialog;
class QMenuBar;
class QMessageBox;
class QWidget;

namespace kc {

// ("File > Quit", "Ctrl+Q") for every menu action with a shortcut, in menu order.
QList<QPair<QString, QString>> menuShortcuts(const QMenuBar* menuBar);
QDialog* showShortcutsDialog(QWidget* parent, const QMenuBar* menuBar);

// About kernelcam: the application's name and version, what it is, and `componentVersions`
// (one "Name: version" per line: Qt, OpenCV, CUDA runtime and driver, supplied by app/).
QString aboutText(const QString& componentVersions);
QMessageBox* showAboutDialog(QWidget* parent, const QString& componentVersions);

}  // namespace kc
