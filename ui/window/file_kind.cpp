#include "ui/window/file_kind.hpp"

#include <QFileInfo>
#include <QObject>
#include <QStringList>

namespace kc {

namespace {

// What OpenCV's imgcodecs and videoio (FFmpeg) read on Debian.
const QStringList& suffixes(FileKind kind) {
  static const QStringList image = {"png", "jpg", "jpeg", "bmp", "tif", "tiff", "webp", "ppm", "pgm", "pnm"};
  static const QStringList video = {"mp4", "mkv", "avi", "mov", "webm", "m4v", "mpg", "mpeg", "ogv", "wmv"};
  static const QStringList matrix = {"mtx"};
  static const QStringList none;
  switch (kind) {
    case FileKind::Image: return image;
    case FileKind::Video: return video;
    case FileKind::Matrix: return matrix;
    case FileKind::Unsupported: break;
  }
  return none;
}

}  // namespace

FileKind fileKindOf(const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  for (FileKind kind : {FileKind::Image, FileKind::Video, FileKind::Matrix})
    if (suffixes(kind).contains(suffix)) return kind;
  return FileKind::Unsupported;
}

QString fileDialogFilter(FileKind kind) {
  QStringList patterns;
  for (const QString& suffix : suffixes(kind)) patterns << QStringLiteral("*.") + suffix;
  const QString name = kind == FileKind::Image   ? QObject::tr("Images")
                       : kind == FileKind::Video ? QObject::tr("Videos")
                                                 : QObject::tr("Matrix Market files");
  return QStringLiteral("%1 (%2);;%3 (*)").arg(name, patterns.join(QLatin1Char(' ')), QObject::tr("All files"));
}

}  // namespace kc
