#include "app/demos/app_demo_runners.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include "app/backend/pipeline_factory.hpp"
#ifdef KC_HAVE_CUDA
#include "app/demos/cuda_demo_runners.hpp"
#endif

namespace kc {

DemoRunners appDemoRunners() {
#ifdef KC_HAVE_CUDA
  if (cudaBackendAvailable()) return cudaDemoRunners();
  return cpuOnlyDemoRunners(QStringLiteral("no CUDA device on this machine"));
#else
  return cpuOnlyDemoRunners(QStringLiteral("this build has no CUDA backend"));
#endif
}

QString defaultMatrixDirectory() {
  const QString fromEnvironment = qEnvironmentVariable("KC_MATRIX_DIR");
  if (!fromEnvironment.isEmpty()) return fromEnvironment;
#ifdef KC_INSTALLED_MATRICES
  // An installed kernelcam: PREFIX/share/kernelcam/matrices beside PREFIX/bin (cmake/KernelcamPackaging.cmake).
  if (QCoreApplication::instance()) {
    const QDir installed(QCoreApplication::applicationDirPath() + QStringLiteral("/" KC_INSTALLED_MATRICES));
    if (installed.exists()) return installed.canonicalPath();
  }
#endif
  // The checkout sits next to shared/ (repo/../shared/data); the binary is in repo/build*/app.
  QStringList bases{QDir::currentPath()};
  if (QCoreApplication::instance()) bases << QCoreApplication::applicationDirPath();
  for (const QString& base : bases) {
    QDir dir(base);
    for (int up = 0; up < 4; ++up) {
      const QString candidate = dir.filePath(QStringLiteral("../shared/data/matrices"));
      if (QFileInfo(candidate).isDir()) return QDir(candidate).canonicalPath();
      if (!dir.cdUp()) break;
    }
  }
  return {};
}

}  // namespace kc
