#pragma once
// Whether the window can reach a display, asked before QApplication exists: Qt aborts (exit 134,
// "Reinstalling the application may fix this problem") when its platform plugin cannot connect.
#include <QString>
#include <QStringList>

namespace kc {

// The Qt platform the window would use: -platform NAME (or --platform, =NAME) in `arguments`,
// else $QT_QPA_PLATFORM; "" for Qt's default.
QString requestedQtPlatform(const QStringList& arguments);

// "" when the window can open: a display answers, or the platform asked for needs none of ours to
// check (offscreen, eglfs, vnc, ...: Qt then reports on its own terms). Otherwise why not, e.g.
// "DISPLAY is not set" or "cannot connect to X display ':9'". X is tried with libxcb (dlopened:
// the Qt xcb plugin's own library), Wayland counts as present when $WAYLAND_DISPLAY is set.
QString displayProblem(const QStringList& arguments);

}  // namespace kc
