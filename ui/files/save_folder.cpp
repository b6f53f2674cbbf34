#include "ui/files/save_folder.hpp"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace kc {

namespace {
constexpr char kSaveFolderKey[] = "files/saveFolder";

QString defaultFolder() {
  const QString pictures = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
  return !pictures.isEmpty() && QDir(pictures).exists() ? pictures : QDir::homePath();
}
}  // namespace

QString saveFolder() {
  const QString remembered = QSettings().value(kSaveFolderKey).toString();
  // A remembered folder that has gone (an unplugged drive, a deleted folder) is not suggested.
  return !remembered.isEmpty() && QDir(remembered).exists() ? remembered : defaultFolder();
}

QString suggestedSavePath(const QString& fileName) { return QDir(saveFolder()).filePath(fileName); }

void rememberSaveFolder(const QString& savedPath) {
  if (savedPath.isEmpty()) return;
  QSettings().setValue(kSaveFolderKey, QFileInfo(savedPath).absolutePath());
}

}  // namespace kc
