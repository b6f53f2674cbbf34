#include "ui/files/save_file.hpp"

#include <QBuffer>
#include <QImage>
#include <QImageWriter>
#include <QSaveFile>
#include <stdexcept>

namespace kc {

std::optional<QString> trySave(const SaveFile& save, const QString& what, const QString& path,
                               const std::function<QByteArray()>& bytes) {
  try {
    save(what, path, bytes());
    return std::nullopt;
  } catch (const std::exception& error) {
    return QString::fromStdString(error.what());
  }
}

SaveFile unguardedSaveFile() {
  return [](const QString& what, const QString& path, const QByteArray& bytes) {
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit()) return;
    throw std::runtime_error(
        QStringLiteral("%1 '%2': cannot write (%3)").arg(what, path, file.errorString()).toStdString());
  };
}

QByteArray pngBytes(const QImage& image) {
  if (image.isNull()) throw std::runtime_error("nothing to save (no image yet)");
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  QImageWriter writer(&buffer, "png");
  if (!writer.write(image))
    throw std::runtime_error("cannot encode the PNG (" + writer.errorString().toStdString() + ")");
  return bytes;
}

}  // namespace kc
