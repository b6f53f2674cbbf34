#pragma once
// How the window writes a file the user asked for: a snapshot, a demo's table or chart, a kernel.
// The app hands the window its output guard (app/live/window_outputs.hpp: never a file the window
// reads now, nor one it is writing, and written whole or not at all); ui/ cannot reach app/, so it
// is given one. Without it (the ui's own tests) files are written atomically and not checked.
#include <QByteArray>
#include <QString>
#include <functional>
#include <optional>

class QImage;

namespace kc {

// Writes `bytes` to `path` whole or not at all; `what` names the file in a refusal ("snapshot").
// Throws std::exception whose what() is one line saying why nothing was written.
using SaveFile = std::function<void(const QString& what, const QString& path, const QByteArray& bytes)>;

// Runs `save` with the bytes `bytes()` makes (encoding may fail too): the one-line reason when
// nothing was written, or nothing on success. What the window's save actions show the user.
std::optional<QString> trySave(const SaveFile& save, const QString& what, const QString& path,
                               const std::function<QByteArray()>& bytes);

// QSaveFile: a temporary beside the target, renamed over it when complete. No output guard.
SaveFile unguardedSaveFile();

// The image as PNG bytes; throws std::runtime_error for a null image ("nothing to save").
QByteArray pngBytes(const QImage& image);

}  // namespace kc
