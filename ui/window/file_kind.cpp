#include "ui/window/file_kind.hpp"

#include <QObject>
#include <QStringList>

namespace kc {

FileKind fileKindOf(const QString& path) { return fileKindOf(std::string_view(path.toStdString())); }

QString fileDialogFilter(FileKind kind) {
  QStringList patterns;
  for (const std::string& suffix : fileKindSuffixes(kind))
    patterns << QStringLiteral("*.") + QString::fromStdString(suffix);
  const QString name = kind == FileKind::Image   ? QObject::tr("Images")
                       : kind == FileKind::Video ? QObject::tr("Videos")
                                                 : QObject::tr("Matrix Market files");
  return QStringLiteral("%1 (%2);;%3 (*)").arg(name, patterns.join(QLatin1Char(' ')), QObject::tr("All files"));
}

}  // namespace kc
