#include "app/live/fallback_notices.hpp"

#include <QFileInfo>
#include <QCameraDevice>
#include <QMediaDevices>
#include <QObject>

#include "app/sources/camera_backend.hpp"

namespace kc {

namespace {

// Every source notice: what went wrong, then what stands in for it.
QString patternInstead(const QString& what) { return QObject::tr("%1 \u2014 showing the test pattern").arg(what); }

QString meanwhile() {
  return QObject::tr("Meanwhile you can open an image or a video from the File menu, or drop one on the window.");
}

QString cudaText(int version) { return QString::fromStdString(cudaVersionText(version)); }

// "camera:2" -> 2; "camera" -> 0.
int cameraIndex(const QString& spec) {
  return spec.contains(QLatin1Char(':')) ? spec.section(QLatin1Char(':'), 1).toInt() : 0;
}

}  // namespace

CameraSituation currentCameraSituation() {
  CameraSituation situation;
  situation.backendAvailable = cameraBackendAvailable(&situation.backendProblem);
  situation.cameraCount = situation.backendAvailable ? static_cast<int>(QMediaDevices::videoInputs().size()) : 0;
  return situation;
}

Notice cameraFallbackNotice(const QString& spec, const QString& error, const CameraSituation& situation, bool lost) {
  Notice notice;
  notice.id = kSourceNoticeId;
  notice.details = error;
  const int index = cameraIndex(spec);
  if (lost) {  // it ran, so the backend works: it went away
    notice.summary = patternInstead(QObject::tr("Camera disconnected"));
    notice.explanation = QObject::tr(
        "The camera stopped delivering frames: it was unplugged, or another program took "
        "it. Plug it back in and kernelcam switches back to it, or choose another source "
        "in the Source menu.");
  } else if (!situation.backendAvailable) {
    notice.summary = patternInstead(QObject::tr("No camera support"));
    notice.explanation = QObject::tr(
                             "kernelcam reaches cameras through Qt Multimedia, which cannot load its camera "
                             "backend here. Install it (Debian: sudo apt install libqt6multimedia6 "
                             "gstreamer1.0-plugins-good), then start kernelcam again.\n\n%1")
                             .arg(meanwhile());
    notice.details = situation.backendProblem + QLatin1Char('\n') + error;
    notice.dialogKey = QStringLiteral("camera-support");
  } else if (situation.cameraCount == 0) {
    notice.summary = patternInstead(QObject::tr("No camera found"));
    notice.explanation = QObject::tr(
                             "kernelcam found no camera. Connect a webcam: it appears in the Source menu and "
                             "kernelcam switches to it. If a connected camera is not listed, check that your "
                             "user may use it (the 'video' group: sudo adduser $USER video, then log in "
                             "again).\n\n%1")
                             .arg(meanwhile());
    notice.dialogKey = QStringLiteral("camera-missing");
  } else if (index >= situation.cameraCount) {
    notice.summary = patternInstead(QObject::tr("Camera %1 not found").arg(index));
    const QString cameras =
        situation.cameraCount == 1 ? QObject::tr("one camera") : QObject::tr("%1 cameras").arg(situation.cameraCount);
    notice.explanation = QObject::tr(
                             "The Source menu lists %1, numbered from 0; camera %2 is not among them. Plug it "
                             "back in and kernelcam switches to it, or choose a camera in the Source menu.")
                             .arg(cameras)
                             .arg(index);
    notice.dialogKey = QStringLiteral("camera-missing");
  } else {
    notice.summary = patternInstead(QObject::tr("Camera %1 cannot be opened").arg(index));
    notice.explanation = QObject::tr(
                             "%1\n\nAnother program may be using the camera: close it, then choose the camera "
                             "again in the Source menu.")
                             .arg(error);
    notice.dialogKey = QStringLiteral("camera-open");
  }
  return notice;
}

Notice fileFallbackNotice(const QString& spec, const QString& error) {
  const QString name = QFileInfo(spec.section(QLatin1Char(':'), 1)).fileName();
  return {kSourceNoticeId, patternInstead(QObject::tr("Cannot open %1").arg(name.isEmpty() ? spec : name)), error,
          error, QString()};
}

Notice cudaFallbackNotice(const CudaRuntimeInfo& cuda, const QString& error, const QString& details, bool midRun) {
  Notice notice;
  notice.id = kBackendNoticeId;
  notice.details = details;
  if (cuda.built && cuda.loadError.empty())
    notice.details += QObject::tr("\nCUDA runtime %1; driver supports CUDA %2; %3 device(s)")
                          .arg(cudaText(cuda.runtimeVersion),
                               cuda.driverVersion ? cudaText(cuda.driverVersion) : QObject::tr("(no driver)"))
                          .arg(cuda.deviceCount);
  const QString cpuNote = QObject::tr("The filters run on the CPU backend meanwhile: the same results, slower.");
  if (midRun) {
    notice.summary = QObject::tr("GPU error \u2014 switched to the CPU");
    notice.explanation = QObject::tr(
                             "The CUDA backend failed while running: %1.\n\n%2 Restart kernelcam to try the GPU "
                             "again.")
                             .arg(error, cpuNote);
    notice.dialogKey = QStringLiteral("cuda-failed");
  } else if (!cuda.built) {
    notice.summary = QObject::tr("CPU backend (this kernelcam was built without CUDA)");
    notice.explanation = QObject::tr(
                             "To filter on an NVIDIA GPU, install the CUDA Toolkit (12.x or 13.x, at "
                             "/usr/local/cuda) and build kernelcam again (README: Requirements).\n\n%1")
                             .arg(cpuNote);
    notice.dialogKey = QStringLiteral("cuda-not-built");
  } else if (!cuda.loadError.empty()) {
    notice.summary = QObject::tr("CPU backend (the CUDA backend is not installed)");
    notice.explanation = QObject::tr(
                             "kernelcam could not load its CUDA backend: %1.\n\nTo filter on an NVIDIA GPU, "
                             "install the kernelcam-cuda package (it brings NVIDIA's CUDA libraries from "
                             "NVIDIA's repository), then restart kernelcam.\n\n%2")
                             .arg(QString::fromStdString(cuda.loadError), cpuNote);
    notice.dialogKey = QStringLiteral("cuda-not-installed");
  } else if (cuda.driverVersion == 0) {
    notice.summary = QObject::tr("No NVIDIA driver \u2014 filtering on the CPU");
    notice.explanation = QObject::tr(
                             "kernelcam found no NVIDIA driver. To filter on an NVIDIA GPU, install the driver "
                             "(Debian 12: the nvidia-driver package from non-free, or NVIDIA's CUDA "
                             "repository) and restart the computer.\n\n%1")
                             .arg(cpuNote);
    notice.dialogKey = QStringLiteral("cuda-no-driver");
  } else if (cuda.driverVersion < cuda.runtimeVersion) {
    notice.summary = QObject::tr("NVIDIA driver too old \u2014 filtering on the CPU");
    notice.explanation = QObject::tr(
                             "This kernelcam needs a driver that supports CUDA %1; the installed one supports "
                             "CUDA %2. Update the NVIDIA driver, then restart the computer.\n\n%3")
                             .arg(cudaText(cuda.runtimeVersion), cudaText(cuda.driverVersion), cpuNote);
    notice.dialogKey = QStringLiteral("cuda-old-driver");
  } else if (cuda.deviceCount == 0) {
    notice.summary = QObject::tr("No usable NVIDIA GPU \u2014 filtering on the CPU");
    notice.explanation =
        QObject::tr(
            "The NVIDIA driver is installed but offers no usable GPU%1. Check the GPU with "
            "nvidia-smi; CUDA_VISIBLE_DEVICES, when set, may hide it.\n\n%2")
            .arg(cuda.deviceError.empty() ? QString()
                                          : QStringLiteral(" (%1)").arg(QString::fromStdString(cuda.deviceError)),
                 cpuNote);
    notice.dialogKey = QStringLiteral("cuda-no-device");
  } else {
    notice.summary = QObject::tr("CUDA could not start \u2014 filtering on the CPU");
    notice.explanation = QObject::tr("The CUDA backend could not start: %1.\n\n%2").arg(error, cpuNote);
    notice.dialogKey = QStringLiteral("cuda-failed");
  }
  return notice;
}

}  // namespace kc
