#pragma once
// Drives the window: owns the source and the pipeline, pushes frames through the pipeline into
// the view's renderer inside paintGL (GL context current), applies filter changes from the dock,
// and falls back when something is missing: a camera that cannot be opened or goes away -> the
// test pattern (and back to the camera when it returns); CUDA that cannot be used -> the CPU.
// Each fallback posts a notice (fallback_notices.hpp) that stays until its cause is gone.
#include <QObject>
#include <QTimer>
#include <exception>
#include <functional>
#include <memory>

#include "app/live/live_source.hpp"
#include "gpu/core/backend.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"

namespace kc {

class GlRenderer;
class MainWindow;

class LiveController : public QObject {
  Q_OBJECT
 public:
  LiveController(MainWindow& window, Backend backend, QObject* parent = nullptr);
  ~LiveController() override;

  // How a spec becomes a source: openLiveSource with sourceOptions() unless replaced (tests
  // simulate a camera that is unplugged or changes format mid-stream through this). Set it before start().
  using SourceOpener = std::function<std::unique_ptr<LiveSource>(const std::string& spec)>;
  void setSourceOpener(SourceOpener opener) { openSource_ = std::move(opener); }
  // The pattern's size and the camera format the next opened source uses.
  void setSourceOptions(const SourceOptions& options) { sourceOptions_ = options; }
  const SourceOptions& sourceOptions() const { return sourceOptions_; }

  // Opens the source (falling back to the pattern) and starts the frame timer.
  void start(const QString& sourceSpec);
  // Opens what was asked for; on failure shows the pattern and a notice. The asked-for spec is
  // remembered (wantedSpec) even when the pattern stands in for it.
  void openSource(const QString& spec);
  // Source > Camera > a format: that camera in that format.
  void openCamera(int index, const CameraFormatRequest& format);
  const QString& sourceSpec() const { return spec_; }  // what is shown
  const QString& wantedSpec() const { return wanted_; }  // what was asked for
  std::int64_t framesSubmitted() const { return framesSubmitted_; }
  // "CUDA", "CPU"; "" before the first frame made the pipeline.
  std::string backendName() const { return pipeline_ ? pipeline_->backendName() : std::string(); }
  // Called when the list of cameras changed: a camera in use that is gone falls back; the camera
  // asked for that comes back is opened again.
  void camerasChanged(int cameraCount);

 signals:
  void sourceShown(const QString& spec);  // a source opened (the one asked for, or the pattern instead)

 private:
  void renderHook(GlRenderer& renderer);
  void createPipeline(GlRenderer& renderer);
  bool show(const QString& spec);
  void fallBackToPattern(const QString& failedSpec, const std::exception& error, bool lost);
  void releasePipeline();
  void updateStatus(const HostFrame* frame);

  MainWindow& window_;
  Backend backend_;
  SourceOptions sourceOptions_;
  SourceOpener openSource_;
  std::unique_ptr<LiveSource> source_;
  std::unique_ptr<FramePipeline> pipeline_;
  QString spec_, wanted_;
  FilterChain chain_;
  bool chainChanged_ = true;
  QTimer timer_;
  std::int64_t framesSubmitted_ = 0;
  int lastWidth_ = 0, lastHeight_ = 0;
};

}  // namespace kc
