#include "app/sources/camera_source.hpp"

#include <QCamera>
#include <QCameraFormat>
#include <QMediaCaptureSession>
#include <QMediaDevices>
#include <QRegularExpression>
#include <QVideoFrame>
#include <QVideoSink>
#include <cmath>

#include "app/sources/camera_backend.hpp"
#include "app/sources/camera_frame.hpp"
#include "gpu/pipeline/frame_ops.hpp"

namespace kc {

namespace {

QString describeFormat(const QCameraFormat& format) {
  return QStringLiteral("%1x%2 @ %3-%4 fps (%5)")
      .arg(format.resolution().width())
      .arg(format.resolution().height())
      .arg(format.minFrameRate(), 0, 'g', 3)
      .arg(format.maxFrameRate(), 0, 'g', 3)
      .arg(QVideoFrameFormat::pixelFormatToString(format.pixelFormat()));
}

// The format closest to the request: exact resolution first, then the frame rate.
QCameraFormat chooseFormat(const QCameraDevice& device, const CameraRequest& request) {
  QCameraFormat best;
  double bestScore = 1e300;
  for (const QCameraFormat& format : device.videoFormats()) {
    double score = 0;
    if (!request.resolution.isEmpty())
      score += 1e6 * std::abs(format.resolution().width() * format.resolution().height() -
                              request.resolution.width() * request.resolution.height());
    if (request.framesPerSecond > 0)
      score += std::abs(format.maxFrameRate() - request.framesPerSecond);
    if (score < bestScore) {
      bestScore = score;
      best = format;
    }
  }
  return best;
}

}  // namespace

QStringList CameraSource::describeCameras() {
  QStringList lines;
  QString why;
  if (!cameraBackendAvailable(&why)) return {QStringLiteral("none: ") + why};
  const auto inputs = QMediaDevices::videoInputs();
  for (int i = 0; i < inputs.size(); ++i) {
    lines << QStringLiteral("%1: %2%3").arg(i).arg(inputs[i].description(),
                                                   inputs[i].isDefault() ? QStringLiteral(" (default)") : QString());
    for (const QCameraFormat& format : inputs[i].videoFormats()) lines << QStringLiteral("     ") + describeFormat(format);
  }
  return lines;
}

CameraSource::CameraSource(const CameraRequest& request, QObject* parent) : QObject(parent) {
  QString why;
  if (!cameraBackendAvailable(&why))
    throw SourceError("camera:" + std::to_string(request.index) + ": no camera support (" + why.toStdString() + ")");
  const auto inputs = QMediaDevices::videoInputs();
  if (inputs.isEmpty()) throw SourceError("camera:" + std::to_string(request.index) + ": no camera found");
  if (request.index < 0 || request.index >= inputs.size()) {
    throw SourceError("camera:" + std::to_string(request.index) + ": no such camera (available: " +
                      describeCameras().filter(QRegularExpression("^\\d+:")).join("; ").toStdString() + ")");
  }
  device_ = inputs[request.index];
  devices_ = std::make_unique<QMediaDevices>();
  camera_ = std::make_unique<QCamera>(device_);
  const QCameraFormat format = chooseFormat(device_, request);
  if (!format.isNull()) camera_->setCameraFormat(format);
  sink_ = std::make_unique<QVideoSink>();
  session_ = std::make_unique<QMediaCaptureSession>();
  session_->setCamera(camera_.get());
  session_->setVideoSink(sink_.get());
  connect(sink_.get(), &QVideoSink::videoFrameChanged, this, [this](const QVideoFrame& f) { onFrame(f); });
  connect(camera_.get(), &QCamera::errorOccurred, this, [this](QCamera::Error error, const QString& text) {
    if (error != QCamera::NoError) markLost(QStringLiteral("camera error: ") + text);
  });
  connect(devices_.get(), &QMediaDevices::videoInputsChanged, this, [this] { onInputsChanged(); });
  camera_->start();
}

CameraSource::~CameraSource() {
  if (camera_) camera_->stop();
}

std::string CameraSource::name() const { return "camera " + device_.description().toStdString(); }

bool CameraSource::isActive() const { return camera_ && camera_->isActive() && !lost_; }

int CameraSource::width() const {
  std::lock_guard lock(mutex_);
  return latest_.width();
}
int CameraSource::height() const {
  std::lock_guard lock(mutex_);
  return latest_.height();
}

void CameraSource::onFrame(const QVideoFrame& videoFrame) {
  // The camera's own format, copied once from the driver's buffer into the pipeline's pool.
  HostFrame frame = copyVideoFrame(videoFrame, framePool());
  if (frame.empty()) return;
  frame.timestampSeconds = steadyNowSeconds();
  {
    std::lock_guard lock(mutex_);
    frame.index = next_++;
    latest_ = std::move(frame);
    fresh_ = true;
  }
  emit frameAvailable();
}

HostFrame CameraSource::next() {
  std::lock_guard lock(mutex_);
  if (lost_) throw SourceError(name() + ": the camera was lost");
  fresh_ = false;
  return latest_;
}

bool CameraSource::hasNews() const {
  std::lock_guard lock(mutex_);
  return fresh_ || lost_;
}

void CameraSource::onInputsChanged() {
  for (const QCameraDevice& device : QMediaDevices::videoInputs())
    if (device.id() == device_.id()) return;
  markLost(QStringLiteral("camera %1 was disconnected").arg(device_.description()));
}

void CameraSource::markLost(const QString& reason) {
  {
    std::lock_guard lock(mutex_);
    if (lost_) return;
    lost_ = true;
  }
  emit lost(reason);
}

}  // namespace kc
