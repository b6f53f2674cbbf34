#include "ui/window/settings_file.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <unistd.h>

namespace kc {

namespace {

bool writable(const QString& path, int mode) { return ::access(QFile::encodeName(path).constData(), mode) == 0; }

QString tr(const char* text) { return QCoreApplication::translate("kc", text); }

}  // namespace

QString settingsWriteProblem() {
  const QString file = QSettings().fileName();
  const QFileInfo info(file);
  if (info.isDir()) return tr("%1 is a folder, not a file").arg(file);
  if (info.exists()) {
    if (!writable(file, W_OK)) return tr("%1 is read-only for you").arg(file);
  }
  // QSettings writes a new file beside it and renames it over the old one: the folder must take
  // files, or be creatable under the nearest folder that exists.
  QString folder = info.absolutePath();
  while (!QFileInfo(folder).exists()) {
    const QString parent = QFileInfo(folder).absolutePath();
    if (parent == folder) break;
    folder = parent;
  }
  const QFileInfo folderInfo(folder);
  if (!folderInfo.isDir()) return tr("%1 is not a folder (the settings file %2 goes in it)").arg(folder, file);
  if (!writable(folder, W_OK | X_OK))
    return tr("the folder %1 is read-only for you (the settings file %2 goes in it)").arg(folder, file);
  return {};
}

}  // namespace kc
