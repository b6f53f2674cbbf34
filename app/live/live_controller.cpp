#include "app/live/live_controller.hpp"

#include "app/backend/pipeline_factory.hpp"

#include <exception>

#include "app/live/fallback_notices.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/notice_area.hpp"

namespace kc {

namespace {
// Poll faster than any source delivers (cameras 30-60 fps): grab() returns nothing between frames,
// and QOpenGLWidget::update() coalesces repaints, so this costs no extra frames.
constexpr int kPollIntervalMs = 8;
const QString kPatternSpec = QStringLiteral("pattern");

// The camera a spec names, or -1 for any other source.
int cameraIndexOf(const QString& spec) {
  try {
    const SourceSpec parsed = parseSourceSpec(spec.toStdString());
    return parsed.kind == SourceKind::Camera ? parsed.cameraIndex : -1;
  } catch (const std::exception&) {
    return -1;
  }
}
}  // namespace

LiveController::LiveController(MainWindow& window, Backend backend, QObject* parent)
    : QObject(parent), window_(window), backend_(backend) {
  openSource_ = [this](const std::string& spec) { return openLiveSource(spec, sourceOptions_); };
  chain_ = window_.filterDock()->chain();
  connect(&window_, &MainWindow::chainChanged, this, [this](const FilterChain& chain) {
    chain_ = chain;
    chainChanged_ = true;
    window_.view()->update();
  });
  connect(&window_, &MainWindow::sourceRequested, this, &LiveController::openSource);
  connect(window_.view(), &GlView::glAboutToRelease, this, &LiveController::releasePipeline);
  window_.view()->setFrameHook([this](GlRenderer& renderer) { renderHook(renderer); });
  timer_.setInterval(kPollIntervalMs);
  connect(&timer_, &QTimer::timeout, window_.view(), qOverload<>(&QWidget::update));
}

LiveController::~LiveController() {
  timer_.stop();
  GlView* view = window_.view();
  view->setFrameHook({});
  if (pipeline_ && view->glReady()) {
    view->makeCurrent();  // CUDA-GL registrations are dropped with their GL context current
    pipeline_.reset();
    view->doneCurrent();
  }
}

void LiveController::start(const QString& sourceSpec) {
  openSource(sourceSpec.isEmpty() ? kPatternSpec : sourceSpec);
  timer_.start();
}

void LiveController::openSource(const QString& spec) {
  wanted_ = spec;
  if (show(spec)) window_.notices()->clear(kSourceNoticeId);
}

void LiveController::openCamera(int index, const CameraFormatRequest& format) {
  sourceOptions_.cameraFormat = format;
  openSource(QStringLiteral("camera:%1").arg(index));
}

bool LiveController::show(const QString& spec) {
  try {
    source_ = openSource_(spec.toStdString());
    if (pipeline_) source_->setFramePool(pipeline_->framePool());  // frames filled where the upload reads them
  } catch (const std::exception& error) {
    if (spec != kPatternSpec) {
      fallBackToPattern(spec, error, false);
      return false;
    }
    source_.reset();
    spec_ = spec;
    window_.showMessage(tr("no source: %1").arg(userMessage(error)), 0);
    return false;
  }
  spec_ = spec;
  lastWidth_ = lastHeight_ = 0;
  window_.showMessage(tr("source: %1").arg(QString::fromStdString(source_->description())), 3000);
  updateStatus(nullptr);
  emit sourceShown(spec_);
  return true;
}

void LiveController::fallBackToPattern(const QString& failedSpec, const std::exception& error, bool lost) {
  const QString message = userMessage(error);
  Notice notice = cameraIndexOf(failedSpec) >= 0
                      ? cameraFallbackNotice(failedSpec, message, currentCameraSituation(), lost)
                      : fileFallbackNotice(failedSpec, message);
  show(kPatternSpec);
  window_.notices()->post(notice);
}

void LiveController::camerasChanged(int cameraCount) {
  const int shown = cameraIndexOf(spec_);
  if (shown >= cameraCount) {
    fallBackToPattern(spec_, SourceError(tr("camera %1 disconnected").arg(shown).toStdString()), true);
    return;
  }
  const int wanted = cameraIndexOf(wanted_);
  if (wanted >= 0 && spec_ != wanted_ && wanted < cameraCount) openSource(wanted_);  // it is back
}

void LiveController::releasePipeline() {
  // With the GL context current: CUDA drops its registrations of the renderer's buffers here.
  pipeline_.reset();
}

void LiveController::createPipeline(GlRenderer& renderer) {
  // auto and --backend cuda alike: CUDA when it works, else the CPU with a notice saying why.
  if (backend_ != Backend::Cpu) {
    try {
      pipeline_ = makePipeline(Backend::Cuda).pipeline;
    } catch (const std::exception& error) {
      window_.notices()->post(
          cudaFallbackNotice(queryCudaRuntime(), userMessage(error), QString::fromStdString(error.what()), false));
      backend_ = Backend::Cpu;
    }
  }
  if (!pipeline_) pipeline_ = makePipeline(Backend::Cpu).pipeline;
  if (source_) source_->setFramePool(pipeline_->framePool());  // frames filled where the upload reads them
  renderer.setDeviceName(pipeline_->deviceName());
  chainChanged_ = true;
}

void LiveController::renderHook(GlRenderer& renderer) {
  if (!pipeline_) createPipeline(renderer);
  if (chainChanged_) {
    pipeline_->flushLive(renderer);  // the frame in flight still shows under the old chain
    pipeline_->setChain(chain_);
    chainChanged_ = false;
  }
  if (!source_) return;
  std::optional<HostFrame> frame;
  try {
    frame = source_->grab();
  } catch (const std::exception& error) {
    fallBackToPattern(spec_, error, cameraIndexOf(spec_) >= 0);
    return;
  }
  if (!frame) return;
  try {
    pipeline_->submitLive(*frame, renderer);
  } catch (const std::exception& error) {
    if (pipeline_->backendName() != "CPU") {
      // A GPU failure mid-stream (device lost, interop refused): keep the view alive on the CPU.
      window_.notices()->post(
          cudaFallbackNotice(queryCudaRuntime(), userMessage(error), QString::fromStdString(error.what()), true));
      pipeline_.reset();
      backend_ = Backend::Cpu;
      return;
    }
    window_.notices()->post({QStringLiteral("render"), tr("The filters stopped: %1").arg(userMessage(error)),
                             userMessage(error), QString::fromStdString(error.what()), QString()});
    timer_.stop();
    return;
  }
  ++framesSubmitted_;
  if (frame->width() != lastWidth_ || frame->height() != lastHeight_ || framesSubmitted_ == 2) updateStatus(&*frame);
}

void LiveController::updateStatus(const HostFrame* frame) {
  if (frame) {
    lastWidth_ = frame->width();
    lastHeight_ = frame->height();
  }
  const QString device = pipeline_ ? QString::fromStdString(pipeline_->deviceName()) : QString();
  const QString path = pipeline_ ? QString::fromLatin1(displayPathName(pipeline_->displayPath())) : QString();
  const QString source = source_ ? QString::fromStdString(source_->description()) : spec_;
  window_.setStatusInfo(device, path, source, lastWidth_, lastHeight_);
}

}  // namespace kc
