#pragma once
// Whether the window's settings (QSettings: the chain, presets, the view, the source) can be
// written. QSettings says nothing when they cannot: it keeps the changes in memory and they are
// gone when the window closes. The window says so, once, at its start (MainWindow::restoreSettings).
#include <QString>

namespace kc {

// "" when the settings file can be written; else why not, in words naming the file: it is a
// folder, it is read-only for the user, or its folder cannot take it.
QString settingsWriteProblem();

}  // namespace kc
