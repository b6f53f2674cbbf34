#include "app/sources/camera_backend.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QPluginLoader>
#include <optional>

namespace kc {

namespace {

// Loads the backend plugins the way Qt will (same folders); a loaded plugin stays loaded, so
// Qt's own attempt later costs nothing. Returns the problem, or nothing when one loads.
std::optional<QString> findCameraBackendProblem() {
  QString lastError;
  for (const QString& libraryPath : QCoreApplication::libraryPaths()) {
    const QDir folder(libraryPath + QStringLiteral("/multimedia"));
    for (const QString& file : folder.entryList(QDir::Files)) {
      QPluginLoader loader(folder.absoluteFilePath(file));
      if (loader.load()) return std::nullopt;
      lastError = loader.errorString();
    }
  }
  if (lastError.isEmpty())
    return QStringLiteral("no Qt Multimedia backend is installed (Debian: libqt6multimedia6 ships the GStreamer one)");
  return QStringLiteral("the Qt Multimedia backend does not load: ") + lastError;
}

}  // namespace

bool cameraBackendAvailable(QString* why) {
  static const std::optional<QString> problem = findCameraBackendProblem();
  if (problem && why) *why = *problem;
  return !problem;
}

}  // namespace kc
