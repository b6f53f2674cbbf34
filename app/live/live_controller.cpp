#include "app/live/live_controller.hpp"

#include <QAction>
#include <QMenu>
#include <QSignalBlocker>
#include <exception>
#include <stdexcept>

#include "app/live/fallback_notices.hpp"
#include "app/live/frame_worker.hpp"
#include "app/live/source_pump.hpp"
#include "gpu/pipeline/frame_ops.hpp"
#include "ui/render/frame_hand_off.hpp"
#include "ui/render/gl_frame_hand_off.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/notice_area.hpp"

namespace kc {

namespace {
// Until the worker and the pump run (the view's GL context must exist first), and for a still's
// one grab.
constexpr int kPollIntervalMs = 8;
const QString kPatternSpec = QStringLiteral("pattern");
const QString kRenderNoticeId = QStringLiteral("render");

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
    : QObject(parent), window_(window), session_(backend, IfNoCuda::UseCpu) {
  openSource_ = [this](const std::string& spec) { return openLiveSource(spec, sourceOptions_); };
  chain_ = window_.filterDock()->chain();
  connect(&window_, &MainWindow::chainChanged, this, [this](const FilterChain& chain) {
    chain_ = chain;
    if (halted_) {  // the user changed what failed: try again
      halted_ = false;
      window_.notices()->clear(kRenderNoticeId);
      if (running_) timer_.start();
    }
    if (!worker_) return;
    // The worker runs it at once on the last frame it was given (a still's too), or on the next
    // frame when it has run none yet (the still waiting for it then runs with the new chain).
    worker_->setChain(chain_);
  });
  connect(&window_, &MainWindow::sourceRequested, this, &LiveController::openSource);
  // The view's context is going (the widget moved to another window, or closes): the worker's
  // context shares its objects, so the worker goes first and comes back with the new context.
  connect(window_.view(), &GlView::glAboutToRelease, this, [this] {
    stopWorker();
    tap_.releaseGl();  // its framebuffer is in the view's context
  });
  window_.view()->setFrameHook([this](GlRenderer& renderer) {
    renderHook(renderer);
    tap_.viewPainted(renderer);  // a recording of the view with its overlays
  });
  timer_.setInterval(kPollIntervalMs);
  connect(&timer_, &QTimer::timeout, this, &LiveController::poll);

  freezeAction_ = window_.viewMenu()->addAction(tr("&Freeze frame"));
  freezeAction_->setCheckable(true);
  // Not bare Space: it would be taken from the docks' lists, buttons and boxes (window_session_test).
  freezeAction_->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Space), QKeySequence(Qt::Key_Pause)});
  freezeAction_->setToolTip(
      tr("Hold the current frame of the camera, video or pattern: change the chain on it, measure it"));
  freezeAction_->setEnabled(false);
  connect(freezeAction_, &QAction::toggled, this, &LiveController::setFrozen);

  measureAction_ = window_.viewMenu()->addAction(tr("M&easure still (%1 runs)").arg(kMeasureRuns));
  measureAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
  measureAction_->setToolTip(tr("Filter the still image %1 times for the timing table").arg(kMeasureRuns));
  measureAction_->setEnabled(false);
  connect(measureAction_, &QAction::triggered, this, [this] { measureStill(); });
}

LiveController::~LiveController() {
  running_ = false;
  timer_.stop();
  window_.view()->setFrameHook({});
  stopPump();
  source_.reset();  // the camera is free for the next program now, not after the frame in progress
  stopWorker();     // waits for the frame in progress; the worker frees the pipeline on its thread
  GlView* view = window_.view();
  if (view->glReady()) {
    view->makeCurrent();
    tap_.releaseGl();
    view->doneCurrent();
  }
}

void LiveController::start(const QString& sourceSpec) {
  running_ = true;
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

// The source, once its frames are admitted: what the pipeline will hold for them must fit (the
// pipeline is made later, with the view's GL context: until then its backend is the one it will get).
std::unique_ptr<LiveSource> LiveController::openAdmitted(const QString& spec) {
  if (checkSource_) checkSource_(spec.toStdString());
  std::unique_ptr<LiveSource> source = openSource_(spec.toStdString());
  if (source->width() > 0 && source->height() > 0) session_.admit(source->width(), source->height(), memoryCheck_);
  return source;
}

bool LiveController::show(const QString& spec) {
  stopPump();  // it reads the source about to be replaced
  try {
    std::unique_ptr<LiveSource> source = openAdmitted(spec);
    source_ = std::move(source);
    if (framePool_) source_->setFramePool(framePool_);  // frames filled where the upload reads them
  } catch (const std::exception& error) {
    if (spec != kPatternSpec) {
      fallBackToPattern(spec, error, false);
      return false;
    }
    const SourceOptions defaults;
    if (dynamic_cast<const OutOfMemory*>(&error) && (sourceOptions_.patternWidth != defaults.patternWidth ||
                                                     sourceOptions_.patternHeight != defaults.patternHeight)) {
      // The pattern at its --size cannot fit: at its default size it can.
      const QString asked = QStringLiteral("%1x%2").arg(sourceOptions_.patternWidth).arg(sourceOptions_.patternHeight);
      sourceOptions_.patternWidth = defaults.patternWidth;
      sourceOptions_.patternHeight = defaults.patternHeight;
      show(kPatternSpec);
      const QString message = userMessage(error);
      window_.notices()->post({kSourceNoticeId,
                               tr("The %1 test pattern does not fit in memory \u2014 showing it at %2x%3")
                                   .arg(asked)
                                   .arg(defaults.patternWidth)
                                   .arg(defaults.patternHeight),
                               message, message, QString()});
      return false;  // not what was asked: the notice stays
    }
    source_.reset();
    spec_ = spec;
    window_.showMessage(tr("no source: %1").arg(userMessage(error)), 0);
    return false;
  }
  spec_ = spec;
  frozen_ = false;
  {
    const QSignalBlocker quiet(freezeAction_);
    freezeAction_->setChecked(false);
  }
  freezeAction_->setEnabled(!source_->isStill());
  startShowing(source_->isStill(), "still image");
  shownWidth_ = shownHeight_ = 0;
  window_.showMessage(tr("source: %1").arg(QString::fromStdString(source_->description())), 3000);
  updateStatus();
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

void LiveController::poll() {
  ensureWorker();
  if (!worker_ || !source_) return;
  if (!still_) {
    const std::uint64_t epoch = ++pumpEpoch_;
    pump_ = std::make_unique<SourcePump>(*source_, *worker_, [this, epoch](std::exception_ptr error) {
      postFailure(error, pumpEpoch_, epoch,
                  [this](const std::exception& e) { fallBackToPattern(spec_, e, cameraIndexOf(spec_) >= 0); });
    });
    timer_.stop();
    return;
  }
  std::optional<HostFrame> frame;
  try {
    frame = source_->grab();
  } catch (const std::exception& error) {
    fallBackToPattern(spec_, error, false);
    return;
  }
  if (!frame) return;
  // Grabbed once: from now on the still is filtered again only when the chain changes.
  stillFrame_ = std::move(*frame);
  timer_.stop();
  submitStill();
}

void LiveController::postFailure(std::exception_ptr error, const std::uint64_t& currentEpoch, std::uint64_t epoch,
                                 std::function<void(const std::exception&)> handle) {
  QMetaObject::invokeMethod(
      this,
      [error, &currentEpoch, epoch, handle = std::move(handle)] {
        if (epoch != currentEpoch) return;  // what failed was stopped since (another source, another worker)
        try {
          std::rethrow_exception(error);
        } catch (const std::exception& e) {
          handle(e);
        } catch (...) {
          handle(std::runtime_error("unknown error"));
        }
      },
      Qt::QueuedConnection);
}

void LiveController::stopPump() {
  ++pumpEpoch_;
  pump_.reset();
}

QCamera* LiveController::camera() const { return source_ ? source_->camera() : nullptr; }

std::optional<HostFrame> LiveController::latestFrame() const {
  if (worker_) {
    HostFrame frame = worker_->latestFrame();
    if (!frame.empty()) return frame;
  }
  return stillFrame_;
}

void LiveController::submitStill() {
  if (!worker_ || !stillFrame_) return;
  HostFrame frame = *stillFrame_;
  frame.timestampSeconds = steadyNowSeconds();  // latency counts from this run, not from the file's opening
  worker_->submit(std::move(frame), true);      // a cold run shown, then a warm one timed
}

// A new stream, or a still (an image, a frozen frame) to grab once: the actions and the overlay
// follow, the timing table starts over (not a mix of both), and poll() grabs the still or starts
// the pump.
void LiveController::startShowing(bool still, const char* stillName) {
  still_ = still;
  stillFrame_.reset();
  measureAction_->setEnabled(still_);
  window_.view()->renderer().setStill(still_, stillName);
  if (worker_) worker_->startNewStream();
  if (running_ && !halted_) timer_.start();
}

void LiveController::setFrozen(bool frozen) {
  if (!source_ || source_->isStill()) frozen = false;  // an image is held already
  {
    const QSignalBlocker quiet(freezeAction_);
    freezeAction_->setChecked(frozen);
  }
  if (frozen == frozen_) return;
  frozen_ = frozen;
  stopPump();  // it reads the source that poll() grabs from now, or that a new pump reads
  startShowing(frozen_, "frozen frame");
  window_.showMessage(
      frozen_ ? tr("frame frozen: the chain runs on it when it changes (Ctrl+Space goes on)") : tr("live again"), 3000);
  updateStatus();
}

void LiveController::measureStill(int runs) {
  if (!worker_ || !still_ || !stillFrame_ || runs < 1) return;
  worker_->measure(*stillFrame_, runs);
  window_.showMessage(tr("measuring: %1 runs of the chain on the still image...").arg(runs), 0);
}

std::unique_ptr<FramePipeline> LiveController::createPipeline() {
  // The window's --backend (IfNoCuda::UseCpu): CUDA when it can be had and starts, else the CPU
  // with a notice saying why, for auto and cuda alike.
  std::unique_ptr<FramePipeline> pipeline = session_.newPipeline();
  if (const std::optional<BackendFallback> fallback = session_.takeFallback()) {
    if (fallback->error) {  // CUDA failed to start
      try {
        std::rethrow_exception(fallback->error);
      } catch (const std::exception& error) {
        window_.notices()->post(
            cudaFallbackNotice(queryCudaRuntime(), userMessage(error), QString::fromStdString(error.what()), false));
      }
    } else {  // no usable device, or a build without CUDA
      const QString why = QString::fromStdString(fallback->reason);
      window_.notices()->post(cudaFallbackNotice(queryCudaRuntime(), why, why, false));
    }
  }
  pipeline->setFusion(fuse_);
  return wrapPipeline_ ? wrapPipeline_(std::move(pipeline)) : std::move(pipeline);
}

std::unique_ptr<FrameHandOff> LiveController::createHandOff() {
  // The worker has a GL context of its own, shared with the view's, on both backends: the frame
  // reaches a texture there and the GUI thread only draws it (an upload costs the GUI thread
  // 15-35 ms per 1280x720 frame on a software GL, several times that at 4K).
  // CUDA runs on the worker too rather than being enqueued from the GUI thread:
  // CudaFramePipeline::submitLive waits for the previous frame's kernels before presenting it, so
  // on the GUI thread a slow GPU chain would hold up input just as a slow CPU chain did, and
  // nothing outside the pipeline can ask whether a frame is done without waiting for it. In the
  // worker's context CUDA-GL interop still writes the frame into GL buffers on the GPU.
  if (handOffKind_ != HandOff::Host) {
    try {
      return std::make_unique<GlFrameHandOff>(*window_.view()->context());
    } catch (const std::exception& error) {
      if (handOffKind_ == HandOff::Gl) throw;
      // Frames go through host memory and the GUI thread uploads them (CUDA: its copy path).
      window_.showMessage(
          tr("no GL context for the worker thread (%1): frames are uploaded by the window").arg(userMessage(error)));
    }
  }
  return std::make_unique<HostFrameHandOff>();
}

void LiveController::ensureWorker() {
  // The view's context must exist: the worker's GL context shares with it.
  if (worker_ || halted_ || !window_.view()->glReady()) return;
  std::unique_ptr<FramePipeline> pipeline = createPipeline();
  // Sources fill frames in the pipeline's pool (page-locked on CUDA): the pump is not running yet.
  framePool_ = pipeline->framePool();
  if (source_) source_->setFramePool(framePool_);
  runningBackend_ = pipeline->backend();
  deviceName_ = pipeline->deviceName();
  shownPath_ = pipeline->displayPath();
  window_.view()->renderer().setDeviceName(deviceName_);
  std::unique_ptr<FrameHandOff> handOff = createHandOff();

  const std::uint64_t epoch = ++workerEpoch_;
  FrameWorker::Callbacks callbacks;
  // These run on the worker thread: each posts to this object (dropped if it is gone by then).
  callbacks.presented = [this] {
    if (repaintPosted_.exchange(true)) return;  // one repaint in the queue is enough
    QMetaObject::invokeMethod(
        this,
        [this] {
          repaintPosted_ = false;
          window_.view()->update();
        },
        Qt::QueuedConnection);
  };
  callbacks.failed = [this, epoch](std::exception_ptr error) {
    postFailure(error, workerEpoch_, epoch, [this](const std::exception& e) { workerFailed(e); });
  };
  callbacks.measured = [this](int runs) {
    QMetaObject::invokeMethod(
        this,
        [this, runs] { window_.showMessage(tr("measured: %1 runs, their means are in the timing table").arg(runs)); },
        Qt::QueuedConnection);
  };
  // The recorder's tap sits in front of the hand-off on the worker thread; it costs nothing while
  // no sink listens.
  worker_ = std::make_unique<FrameWorker>(std::move(pipeline), std::move(handOff), chain_, std::move(callbacks),
                                          [this](DisplaySink& handOff) { return tap_.display(handOff); });
  shownGeneration_ = ~std::uint64_t{0};
  updateStatus();
  if (still_) submitStill();
}

void LiveController::stopWorker() {
  stopPump();  // it feeds the worker
  if (!worker_) return;
  ++workerEpoch_;
  pastSubmitted_ += worker_->framesSubmitted();
  pastDropped_ += worker_->framesDropped();
  pastRuns_ += worker_->pipelineRuns();
  window_.view()->renderer().forgetTextures();  // the worker deletes its textures as it ends
  worker_.reset();
  if (running_ && !halted_) timer_.start();  // a new worker, and a pump for it, once the view allows
}

void LiveController::workerFailed(const std::exception& error) {
  stopWorker();
  if (runningBackend_ != Backend::Cpu) {
    // A GPU failure mid-stream (device lost, interop refused): keep the view alive on the CPU.
    window_.notices()->post(
        cudaFallbackNotice(queryCudaRuntime(), userMessage(error), QString::fromStdString(error.what()), true));
    session_.useCpu();
    ensureWorker();
    return;
  }
  window_.notices()->post({kRenderNoticeId, tr("The filters stopped: %1").arg(userMessage(error)), userMessage(error),
                           QString::fromStdString(error.what()), QString()});
  halted_ = true;
  timer_.stop();
}

void LiveController::renderHook(GlRenderer& renderer) {
  if (!worker_) return;
  std::optional<HandedFrame> frame = worker_->handOff().takeInto(renderer);
  if (!frame) return;
  if (frame->generation != shownGeneration_) {
    // A new chain, source or measurement: the means start over, so fps and latency say what
    // happens now rather than over the last 30 frames of the old chain.
    renderer.resetTimings();
    shownGeneration_ = frame->generation;
  }
  for (const FrameStats& skipped : frame->skipped) renderer.addTimings(skipped);
  renderer.recordFrame(frame->stats, frame->coldRun);
  if (observeFrame_) {
    for (const FrameStats& skipped : frame->skipped) observeFrame_(skipped);
    observeFrame_(frame->stats);
  }
  ++framesShown_;
  const FrameStats& stats = frame->stats;
  if (stats.width != shownWidth_ || stats.height != shownHeight_ || stats.path != shownPath_) {
    shownWidth_ = stats.width;
    shownHeight_ = stats.height;
    shownPath_ = stats.path;
    updateStatus();
  }
}

void LiveController::updateStatus() {
  const QString path = runningBackend_ ? QString::fromLatin1(displayPathName(shownPath_)) : QString();
  QString source = source_ ? QString::fromStdString(source_->description()) : spec_;
  if (frozen_) source = tr("frozen: %1").arg(source);  // also with the overlay off (Ctrl+I)
  window_.setStatusInfo(QString::fromStdString(deviceName_), path, source, shownWidth_, shownHeight_);
}

std::int64_t LiveController::framesSubmitted() const {
  return pastSubmitted_ + (worker_ ? worker_->framesSubmitted() : 0);
}
std::int64_t LiveController::framesDropped() const { return pastDropped_ + (worker_ ? worker_->framesDropped() : 0); }
std::int64_t LiveController::pipelineRuns() const { return pastRuns_ + (worker_ ? worker_->pipelineRuns() : 0); }

}  // namespace kc
