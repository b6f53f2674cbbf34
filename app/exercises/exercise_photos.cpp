#include "app/exercises/exercise_photos.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <mutex>

#include "app/sources/image_source.hpp"
#include "gpu/pipeline/frame_ops.hpp"

namespace kc {

QString samplesDirectory() {
  QStringList candidates;
  if (const QString env = qEnvironmentVariable("KC_SAMPLES_DIR"); !env.isEmpty()) candidates << env;
  if (QCoreApplication::instance())
    candidates << QCoreApplication::applicationDirPath() + QStringLiteral("/../share/kernelcam/samples");
#ifdef KC_SOURCE_DIR
  candidates << QStringLiteral(KC_SOURCE_DIR "/data/samples");
#endif
  for (const QString& dir : candidates)
    if (QFileInfo(dir).isDir()) return QDir(dir).canonicalPath();
  return {};
}

const std::vector<HostFrame>& samplePhotos() {
  static std::once_flag once;
  static std::vector<HostFrame> photos;
  std::call_once(once, [] {
    const QString dir = samplesDirectory();
    if (dir.isEmpty()) return;
    const QStringList files = QDir(dir).entryList(
        {QStringLiteral("*.png"), QStringLiteral("*.jpg"), QStringLiteral("*.jpeg")}, QDir::Files, QDir::Name);
    for (const QString& file : files) {
      try {
        ImageSource source(QDir(dir).filePath(file).toStdString());
        photos.push_back(toRgbaFrame(source.next()));
      } catch (const std::exception&) {  // a damaged sample is left out, not a failed check
      }
    }
  });
  return photos;
}

}  // namespace kc
