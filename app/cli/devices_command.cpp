// `kernelcam devices`: the CUDA devices and the cameras this machine offers.
#include <QCommandLineParser>
#include <cstdio>

#include "app/cli/commands.hpp"
#include "gpu/plugin/cuda_backend_loader.hpp"
#include "app/sources/camera_source.hpp"

namespace kc::cli {

int runDevices(const QStringList& arguments) {
  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("List CUDA devices and cameras."));
  parser.addHelpOption();
  if (!parser.parse(arguments)) return fail(kExitUsage, QStringLiteral("devices: ") + parseErrorText(parser));
  if (helpAsked(parser)) {
    std::fputs(helpText(parser.helpText(), QStringLiteral("kernelcam devices")).toLocal8Bit().constData(), stdout);
    return kExitOk;
  }
  if (!parser.positionalArguments().isEmpty())
    return fail(kExitUsage, QStringLiteral("devices: unexpected argument '%1'").arg(parser.positionalArguments()[0]));

  if (DeviceBackend* cuda = cudaDevices()) {
    std::printf("CUDA backend: %s\n", cudaBackendPath().c_str());
    const auto devices = cuda->listDevices();
    if (devices.empty()) std::puts("CUDA: no CUDA device");
    for (const auto& device : devices) std::printf("%s\n", describe(device).c_str());
  } else {
    std::printf("CUDA: no CUDA device (%s)\n", cudaBackendLoadError().c_str());
  }
  const QStringList cameras = CameraSource::describeCameras();
  if (cameras.isEmpty()) std::puts("Cameras: none");
  else {
    std::puts("Cameras:");
    for (const QString& line : cameras) std::printf("  %s\n", line.toLocal8Bit().constData());
  }
  return kExitOk;
}

}  // namespace kc::cli
