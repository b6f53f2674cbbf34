#include "app/sources/camera_source.hpp"

#include <QCamera>
#include <QCameraFormat>
#include <QMediaCaptureSession>
#include <QMediaDevices>
#include <QRegularExpression>
#include <QVideoFrame>
#include <QVideoSink>

#include "app/sources/camera_backend.hpp"
#include "app/sources/camera_frame.hpp"
#include "gpu/pipeline/frame_ops.hpp"

namespace kc {

namespace {

CameraFormatInfo toInfo(const QCameraFormat& format) {
  return {format.resolution().width(), format.resolution().height(), format.minFrameRate(), format.maxFrameRate(),
          QVideoFrameFormat::pixelFormatToString(format.pixelFormat()).toStdString()};
}

std::vector<CameraFormatInfo> formatsOf(const QCameraDevice& device) {
  std::vector<CameraFormatInfo> formats;
  for (const QCameraFormat& format : device.videoFormats()) formats.push_back(toInfo(format));
  return formats;
}

}  // namespace

QStringList CameraSource::describeCameras() {
  QStringList lines;
  QString why;
  if (!cameraBackendAvailable(&why)) return {QStringLiteral("none: ") + why};
  const auto inputs = QMediaDevices::videoInputs();
  for (int i = 0; i < inputs.size(); ++i) {
    lines << QStringLiteral("%1: %2%3")
                 .arg(i)
                 .arg(inputs[i].description(), inputs[i].isDefault() ? QStringLiteral(" (default)") : QString());
    for (const CameraFormatInfo& format : formatsOf(inputs[i]))
      lines << QStringLiteral("     ") + QString::fromStdString(describeCameraFormat(format));
  }
  return lines;
}

std::vector<CameraListing> CameraSource::listCameras() {
  std::vector<CameraListing> cameras;
  if (!cameraBackendAvailable()) return cameras;
  for (const QCameraDevice& device : QMediaDevices::videoInputs())
    cameras.push_back({device.description(), formatsOf(device)});
  return cameras;
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
  const int chosen = chooseCameraFormat(formatsOf(device_), request.format);
  if (chosen >= 0) {
    const QCameraFormat format = device_.videoFormats()[chosen];
    format_ = toInfo(format);
    camera_->setCameraFormat(format);
  }
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
