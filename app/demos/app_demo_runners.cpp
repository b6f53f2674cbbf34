#include "app/demos/app_demo_runners.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include "app/backend/frame_admission.hpp"
#include "app/backend/pipeline_factory.hpp"

namespace kc {

DemoRunners appDemoRunners() {
  // cudaBackendAvailable: a build with CUDA (and so with the demos' CUDA parts) and a usable device.
  if (!cudaBackendAvailable()) return cpuOnlyDemoRunners(QString::fromStdString(cudaUnavailableReason()));
  DemoRunners runners;
  runners.cudaAvailable = true;
  runners.admit = requireMachineMemory;
  return runners;
}

QString findMatrixDirectory(const MatrixSearch& where) {
  // 1. The checkout sits next to shared/ (repo/../shared/data); the binary is in repo/build*/app.
  for (const QString& base : where.checkoutBases) {
    QDir dir(base);
    for (int up = 0; up < 4; ++up) {
      const QString candidate = dir.filePath(QStringLiteral("../shared/data/matrices"));
      if (QFileInfo(candidate).isDir()) return QDir(candidate).canonicalPath();
      if (!dir.cdUp()) break;
    }
  }
  // 2. An installed kernelcam: its own prefix first, then the XDG data directories.
  QStringList installed;
  if (!where.installedBesideBinary.isEmpty()) installed << where.installedBesideBinary;
  for (const QString& dataDir : where.dataDirs) installed << dataDir + QStringLiteral("/kernelcam/matrices");
  for (const QString& candidate : installed)
    if (QFileInfo(candidate).isDir()) return QDir(candidate).canonicalPath();
  // 3. $KC_MATRIX_DIR, as given.
  return where.environment;
}

MatrixSearch matrixSearchHere() {
  MatrixSearch where;
  where.checkoutBases << QDir::currentPath();
  if (QCoreApplication::instance()) where.checkoutBases << QCoreApplication::applicationDirPath();
#ifdef KC_INSTALLED_MATRICES
  // PREFIX/share/kernelcam/matrices beside PREFIX/bin (cmake/KernelcamPackaging.cmake).
  if (QCoreApplication::instance())
    where.installedBesideBinary = QCoreApplication::applicationDirPath() + QStringLiteral("/" KC_INSTALLED_MATRICES);
#endif
  // $XDG_DATA_HOME (~/.local/share), then $XDG_DATA_DIRS (/usr/local/share:/usr/share).
  where.dataDirs = QStandardPaths::standardLocations(QStandardPaths::GenericDataLocation);
  where.environment = qEnvironmentVariable("KC_MATRIX_DIR");
  return where;
}

QString defaultMatrixDirectory() { return findMatrixDirectory(matrixSearchHere()); }

}  // namespace kc
