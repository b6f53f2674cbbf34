#include "app/lab/machine_toolchain.hpp"

#include <QDir>
#include <QStandardPaths>

#include "app/backend/pipeline_factory.hpp"

namespace kc {

QString defaultLabDirectory() {
  return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("kernels"));
}

lab::LabToolchain labToolchain() {
#ifdef KC_HAVE_CUDA
  return cudaLabToolchain();
#else
  lab::LabToolchain toolchain;
  toolchain.unavailable = "this build has no CUDA: the editor needs NVRTC from the CUDA toolkit to compile";
  toolchain.cannotRun = "the kernel stage needs CUDA (" + cudaUnavailableReason() + ")";
  return toolchain;
#endif
}

}  // namespace kc
