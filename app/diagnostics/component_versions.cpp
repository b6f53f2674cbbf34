#include "app/diagnostics/component_versions.hpp"

#include <QStringList>
#include <QtGlobal>
#include <opencv2/core/utility.hpp>

namespace kc {

QString componentVersions(const CudaRuntimeInfo& cuda) {
  QStringList lines;
  lines
      << QStringLiteral("Qt: %1 (built with %2)").arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR));
  lines << QStringLiteral("OpenCV: %1").arg(QString::fromStdString(cv::getVersionString()));
  if (!cuda.built) {
    lines << QStringLiteral("CUDA: not in this build (CPU backend only)");
  } else if (!cuda.loadError.empty()) {
    lines << QStringLiteral("CUDA: %1 (CPU backend only)").arg(QString::fromStdString(cuda.loadError));
  } else {
    lines << QStringLiteral("CUDA runtime: %1").arg(QString::fromStdString(cudaVersionText(cuda.runtimeVersion)));
    lines << (cuda.driverVersion > 0 ? QStringLiteral("NVIDIA driver: supports CUDA %1")
                                           .arg(QString::fromStdString(cudaVersionText(cuda.driverVersion)))
                                     : QStringLiteral("NVIDIA driver: not found"));
    lines << QStringLiteral("CUDA devices: %1").arg(cuda.deviceCount);
  }
  return lines.join(QLatin1Char('\n'));
}

}  // namespace kc
