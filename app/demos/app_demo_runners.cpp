#include "app/demos/app_demo_runners.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include "app/backend/frame_admission.hpp"
#include "app/backend/pipeline_factory.hpp"
#ifdef KC_HAVE_CUDA
#include "app/demos/cuda_demo_parts.hpp"
#endif

namespace kc {

DemoGpuParts demoGpuParts() {
#ifdef KC_HAVE_CUDA
  if (cudaBackendAvailable()) return cudaDemoParts();
#endif
  return {};
}

void admitDemoMemory(const std::string& what, const MemoryNeed& need, bool cuda) {
  requireMachineMemory(what, need, cuda);
}

DemoRunners appDemoRunners() {
  const DemoGpuParts gpu = demoGpuParts();
  if (!gpu.cg) return cpuOnlyDemoRunners(QString::fromStdString(cudaUnavailableReason()));
  DemoRunners runners;
  runners.reduce = [gpu](const demos::ReduceDemoConfig& config) { return demos::runReduceDemo(config, gpu.reduce); };
  runners.matmul = [gpu](const demos::MatmulDemoConfig& config) { return demos::runMatmulDemo(config, gpu.matmul); };
  runners.cg = [gpu](const cg::CgDemoConfig& config) { return runAdmittedCgDemo(config, gpu.cg, admitDemoMemory); };
  runners.cudaAvailable = true;
  runners.admit = admitDemoMemory;
  return runners;
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
