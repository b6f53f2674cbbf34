#pragma once
// Drives the window: owns the source, runs the filter chain on a worker thread (FrameWorker) and
// puts finished frames into the view's renderer inside paintGL (GL context current); applies
// filter changes from the dock, and falls back when something is missing: a camera that cannot
// be opened or goes away -> the test pattern (and back to the camera when it returns); CUDA that
// cannot be used -> the CPU. Each fallback posts a notice (fallback_notices.hpp) that stays until
// its cause is gone.
//
// Per frame the GUI thread only draws: a SourcePump thread grabs frames at the source's pace and
// hands them to the worker, whose textures the view shows, so input is handled promptly whatever
// the chain or the frame size costs; frames the chain cannot keep up with are dropped, not queued.
// A still image (or a live source's frame frozen by View > Freeze frame) is grabbed once, filtered
// once per change (chain, parameters), and the view repaints only when something changed.
#include <QObject>
#include <QTimer>
#include <atomic>
#include <exception>
#include <functional>
#include <memory>
#include <optional>

#include "app/backend/frame_admission.hpp"
#include "app/live/live_source.hpp"
#include "app/record/frame_tap.hpp"
#include "app/session/run_session.hpp"
#include "gpu/core/backend.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"

class QAction;
class QCamera;

namespace kc {

class FrameHandOff;
class FrameWorker;
class SourcePump;
class GlRenderer;
class MainWindow;

class LiveController : public QObject {
  Q_OBJECT
 public:
  // View > Measure still: runs of the chain on the still, the overlay's means window.
  static constexpr int kMeasureRuns = 30;

  LiveController(MainWindow& window, Backend backend, QObject* parent = nullptr);
  ~LiveController() override;

  // How a spec becomes a source: openLiveSource with sourceOptions() unless replaced (tests
  // simulate a camera that is unplugged or changes format mid-stream through this). Set it before start().
  using SourceOpener = std::function<std::unique_ptr<LiveSource>(const std::string& spec)>;
  void setSourceOpener(SourceOpener opener) { openSource_ = std::move(opener); }
  // Asked before a source opens; throws (one line) to refuse it, which shows the pattern and the
  // notice as any source that cannot open (the window's output guard: a file it is writing).
  using SourceCheck = std::function<void(const std::string& spec)>;
  void setSourceCheck(SourceCheck check) { checkSource_ = std::move(check); }
  // The memory admission of a source's frames, as `process` has it (frame_admission.hpp): a
  // source whose frames cannot fit is refused before any of them exists, with the notice, and the
  // pattern shows instead (at its default size when it was the pattern that did not fit). Tests
  // give a machine with less memory.
  void setMemoryCheck(MemoryCheck check) { memoryCheck_ = std::move(check); }
  // The pattern's size and the camera format the next opened source uses.
  void setSourceOptions(const SourceOptions& options) { sourceOptions_ = options; }
  const SourceOptions& sourceOptions() const { return sourceOptions_; }

  // How finished frames reach the view (frame_hand_off.hpp): Auto takes textures from the
  // worker's own GL context, shared with the view's, and host memory where the platform has no GL
  // on other threads; tests force either. Set it before the first frame.
  enum class HandOff { Auto, Host, Gl };
  void setHandOff(HandOff handOff) { handOffKind_ = handOff; }
  // --stage-timings: every stage its own launch and timing row (FramePipeline::setFusion(false)) in
  // the pipelines made from now on. Set it before the first frame.
  void setStageFusion(bool fuse) { fuse_ = fuse; }

  // Opens the source (falling back to the pattern) and starts the frame timer.
  void start(const QString& sourceSpec);
  // Opens what was asked for; on failure shows the pattern and a notice. The asked-for spec is
  // remembered (wantedSpec) even when the pattern stands in for it.
  void openSource(const QString& spec);
  // Source > Camera > a format: that camera in that format.
  void openCamera(int index, const CameraFormatRequest& format);
  const QString& sourceSpec() const { return spec_; }  // what is shown
  // The shown camera's QCamera (Source > Camera controls), nullptr when no camera is shown.
  QCamera* camera() const;
  // The newest frame the chain ran on (shares its pixels), or nothing before the first.
  std::optional<HostFrame> latestFrame() const;
  const QString& wantedSpec() const { return wanted_; }  // what was asked for
  const FilterChain& chain() const { return chain_; }    // what runs (the dock's stages that are on)
  // The backend the pipeline runs on (Cuda or Cpu); none before the first frame made the pipeline.
  std::optional<Backend> runningBackend() const { return runningBackend_; }
  // Called when the list of cameras changed: a camera in use that is gone falls back; the camera
  // asked for that comes back is opened again.
  void camerasChanged(int cameraCount);

  // A still image is shown (filtered once per change); View > Measure still runs it `runs` times.
  bool showingStill() const { return still_; }
  void measureStill(int runs = kMeasureRuns);
  QAction* measureStillAction() const { return measureAction_; }
  // View > Freeze frame (Ctrl+Space, Pause): a camera, video or the pattern stops at its next
  // frame, which is then shown like a still (filtered again on each change, measurable);
  // unfrozen, the stream goes on. Opening another source unfreezes.
  void setFrozen(bool frozen);
  bool frozen() const { return frozen_; }
  QAction* freezeAction() const { return freezeAction_; }

  // The kernel lab (app/lab) hooks in here: a wrapper around each pipeline the worker gets (the A/B
  // view's switch), and an observer of each frame the view takes and of the frames it skipped,
  // on the GUI thread (a user kernel's failure, the edit-to-frame time). Set them before start().
  using PipelineWrapper = std::function<std::unique_ptr<FramePipeline>(std::unique_ptr<FramePipeline>)>;
  void setPipelineWrapper(PipelineWrapper wrapper) { wrapPipeline_ = std::move(wrapper); }
  void setFrameObserver(std::function<void(const FrameStats&)> observer) { observeFrame_ = std::move(observer); }

  // The recorder and --vcam listen here: every filtered frame on the worker thread, the view with
  // its overlays as the view paints it (frame_tap.hpp).
  FrameTap& frameTap() { return tap_; }

  // Counters since start(), for the status and tests.
  std::int64_t framesSubmitted() const;                      // frames grabbed from the source and handed to the worker
  std::int64_t framesDropped() const;                        // of those, replaced before the worker started them
  std::int64_t pipelineRuns() const;                         // frames through the chain (a still: one per change)
  std::int64_t framesShown() const { return framesShown_; }  // finished frames the view took

 signals:
  void sourceShown(const QString& spec);  // a source opened (the one asked for, or the pattern instead)

 private:
  void poll();
  void ensureWorker();
  std::unique_ptr<FramePipeline> createPipeline();
  std::unique_ptr<FrameHandOff> createHandOff();
  void stopWorker();
  void stopPump();
  // From another thread: `handle` runs on the GUI thread with the error, unless `currentEpoch` has
  // moved on from `epoch` by then (a member: read when the call runs).
  void postFailure(std::exception_ptr error, const std::uint64_t& currentEpoch, std::uint64_t epoch,
                   std::function<void(const std::exception&)> handle);
  void startShowing(bool still, const char* stillName);
  void submitStill();
  void renderHook(GlRenderer& renderer);
  void workerFailed(const std::exception& error);
  bool show(const QString& spec);
  std::unique_ptr<LiveSource> openAdmitted(const QString& spec);
  void fallBackToPattern(const QString& failedSpec, const std::exception& error, bool lost);
  void updateStatus();

  MainWindow& window_;
  RunSession session_;  // the window's --backend, decided once; the CPU where CUDA cannot be had
  bool fuse_ = true;
  HandOff handOffKind_ = HandOff::Auto;
  SourceOptions sourceOptions_;
  SourceOpener openSource_;
  MemoryCheck memoryCheck_ = requireMachineMemory;
  std::unique_ptr<LiveSource> source_;
  std::shared_ptr<FramePool> framePool_;  // the current pipeline's: sources fill their frames there
  FrameTap tap_;                          // in front of each worker's hand-off (it outlives them), and after each paint
  std::unique_ptr<FrameWorker> worker_;
  std::unique_ptr<SourcePump> pump_;  // feeds worker_ from source_ (live sources)
  std::uint64_t workerEpoch_ = 0;     // tells a stale worker's queued report from the current one's
  std::uint64_t pumpEpoch_ = 0;       // the same for the pump
  std::atomic<bool> repaintPosted_{false};
  std::optional<Backend> runningBackend_;
  std::string deviceName_;
  QString spec_, wanted_;
  FilterChain chain_;
  SourceCheck checkSource_;
  QTimer timer_;
  bool running_ = false;                 // start() was called
  bool halted_ = false;                  // the CPU chain failed: nothing runs until the chain changes
  bool still_ = false;                   // filtered once per change: an image, or a frozen stream
  bool frozen_ = false;                  // View > Freeze frame on a live source
  std::optional<HostFrame> stillFrame_;  // the still, grabbed once
  QAction* measureAction_ = nullptr;
  QAction* freezeAction_ = nullptr;
  // Counters of workers that are gone, and what the view took.
  std::int64_t pastSubmitted_ = 0, pastDropped_ = 0, pastRuns_ = 0;
  std::int64_t framesShown_ = 0;
  std::uint64_t shownGeneration_ = ~std::uint64_t{0};
  int shownWidth_ = 0, shownHeight_ = 0;
  DisplayPath shownPath_ = DisplayPath::Cpu;
  PipelineWrapper wrapPipeline_;
  std::function<void(const FrameStats&)> observeFrame_;
};

}  // namespace kc
