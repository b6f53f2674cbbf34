#include "app/live/live_controller.hpp"

#include <exception>

#include "ui/render/gl_renderer.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"

namespace kc {

namespace {
// Poll faster than any source delivers (cameras 30-60 fps): grab() returns nothing between frames,
// and QOpenGLWidget::update() coalesces repaints, so this costs no extra frames.
constexpr int kPollIntervalMs = 8;
const QString kPatternSpec = QStringLiteral("pattern");
}  // namespace

LiveController::LiveController(MainWindow& window, BackendChoice backend, QObject* parent)
    : QObject(parent), window_(window), backend_(backend) {
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
  try {
    source_ = openSource_(spec.toStdString());
    if (pipeline_) source_->setFramePool(pipeline_->framePool());
    spec_ = spec;
    lastWidth_ = lastHeight_ = 0;
    window_.showMessage(tr("source: %1").arg(QString::fromStdString(source_->description())), 3000);
    updateStatus(nullptr);
  } catch (const std::exception& error) {
    if (spec == kPatternSpec) {
      source_.reset();
      window_.showMessage(tr("no source: %1").arg(QString::fromStdString(error.what())), 0);
      return;
    }
    fallBackToPattern(tr("cannot open %1 (%2)").arg(spec, QString::fromStdString(error.what())));
  }
}

void LiveController::fallBackToPattern(const QString& why) {
  openSource(kPatternSpec);
  window_.showMessage(tr("%1 \u2014 showing the test pattern").arg(why), 10000);
}

void LiveController::camerasChanged(int cameraCount) {
  if (!spec_.startsWith(QStringLiteral("camera"))) return;
  const int index = spec_.contains(':') ? spec_.section(':', 1).toInt() : 0;
  if (index >= cameraCount) fallBackToPattern(tr("camera disconnected"));
}

void LiveController::releasePipeline() {
  // With the GL context current: CUDA drops its registrations of the renderer's buffers here.
  pipeline_.reset();
}

void LiveController::renderHook(GlRenderer& renderer) {
  if (!pipeline_) {
    std::string note;
    pipeline_ = makePipeline(backend_, &note);
    if (source_) source_->setFramePool(pipeline_->framePool());  // frames filled where the upload reads them
    renderer.setDeviceName(pipeline_->deviceName());
    chainChanged_ = true;
    if (!note.empty()) window_.showMessage(QString::fromStdString(note), 6000);
  }
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
    fallBackToPattern(QString::fromStdString(error.what()));
    return;
  }
  if (!frame) return;
  try {
    pipeline_->submitLive(*frame, renderer);
  } catch (const std::exception& error) {
    if (pipeline_->backendName() != "CPU") {
      // A GPU failure mid-stream (device lost, interop refused): keep the view alive on the CPU.
      window_.showMessage(tr("%1 \u2014 switching to the CPU").arg(QString::fromStdString(error.what())), 10000);
      pipeline_.reset();
      backend_ = BackendChoice::Cpu;
      return;
    }
    window_.showMessage(QString::fromStdString(error.what()), 10000);
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
