#include "app/demos/app_demo_runners.hpp"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include "app/backend/frame_admission.hpp"
#include "app/backend/pipeline_factory.hpp"
#include "gpu/demos/cg/matrix_market.hpp"

namespace kc {

DemoRunners appDemoRunners() {
  // cudaBackendAvailable: a build with CUDA (and so with the demos' CUDA parts) and a usable device.
  if (!cudaBackendAvailable()) return cpuOnlyDemoRunners(QString::fromStdString(cudaUnavailableReason()));
  DemoRunners runners;
  runners.cudaAvailable = true;
  runners.admit = requireMachineMemory;
  return runners;
}

QString findDataDirectory(const DataSearch& where, const QString& name) {
  QStringList candidates;
  if (!where.buildTreeData.isEmpty()) candidates << where.buildTreeData + QLatin1Char('/') + name;
  if (!where.installedBesideBinary.isEmpty()) candidates << where.installedBesideBinary + QLatin1Char('/') + name;
  for (const QString& dataDir : where.dataDirs) candidates << dataDir + QStringLiteral("/kernelcam/") + name;
  for (const QString& candidate : candidates)
    if (QFileInfo(candidate).isDir()) return QDir(candidate).canonicalPath();
  return name == QLatin1String("matrices") ? where.matrixEnvironment : QString();
}

DataSearch dataSearchHere() {
  DataSearch where;
  // The running program's folder (as QCoreApplication::applicationDirPath, which needs an application
  // object: `kernelcam demo` makes one, a test need not).
  const QString binaryDir = QFileInfo(QStringLiteral("/proc/self/exe")).canonicalPath();
#if defined(KC_SOURCE_DATA_DIR) && defined(KC_BUILD_DIR)
  // A binary in the build folder it was built in (kernelcam, the tests): its checkout's data/.
  // app/CMakeLists.txt sets both; an installed binary is elsewhere and looks at its install.
  if (!binaryDir.isEmpty() && (binaryDir + QLatin1Char('/')).startsWith(QStringLiteral(KC_BUILD_DIR "/")))
    where.buildTreeData = QStringLiteral(KC_SOURCE_DATA_DIR);
#endif
#ifdef KC_INSTALLED_DATA
  // PREFIX/share/kernelcam beside PREFIX/bin (cmake/KernelcamPackaging.cmake).
  if (!binaryDir.isEmpty()) where.installedBesideBinary = binaryDir + QStringLiteral("/" KC_INSTALLED_DATA);
#endif
  // $XDG_DATA_HOME (~/.local/share), then $XDG_DATA_DIRS (/usr/local/share:/usr/share).
  where.dataDirs = QStandardPaths::standardLocations(QStandardPaths::GenericDataLocation);
  where.matrixEnvironment = qEnvironmentVariable("KC_MATRIX_DIR");
  return where;
}

QString defaultMatrixDirectory() { return findDataDirectory(dataSearchHere(), QStringLiteral("matrices")); }
QString defaultSampleDirectory() { return findDataDirectory(dataSearchHere(), QStringLiteral("samples")); }

QString resolveMatrixFile(const QString& given, const QString& folder) {
  if (given.isEmpty() || folder.isEmpty() || given.contains(QLatin1Char('/')) || QFileInfo::exists(given)) return given;
  const auto found = cg::findMatrixFile(folder.toStdString(), given.toStdString());
  return found ? QString::fromStdString(found->string()) : given;
}

}  // namespace kc
