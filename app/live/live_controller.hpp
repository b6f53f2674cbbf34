#pragma once
// Drives the window: owns the source and the pipeline, pushes frames through the pipeline into
// the view's renderer inside paintGL (GL context current), applies filter changes from the dock,
// and falls back to the test pattern (with a status message) when a source fails or a camera goes.
#include <QObject>
#include <QTimer>
#include <functional>
#include <memory>

#include "app/live/live_source.hpp"
#include "app/live/pipeline_choice.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"

namespace kc {

class GlRenderer;
class MainWindow;

class LiveController : public QObject {
  Q_OBJECT
 public:
  LiveController(MainWindow& window, BackendChoice backend, QObject* parent = nullptr);
  ~LiveController() override;

  // How a spec becomes a source: openLiveSource unless replaced (tests simulate a camera that is
  // unplugged or changes format mid-stream through this). Set it before start().
  using SourceOpener = std::function<std::unique_ptr<LiveSource>(const std::string& spec)>;
  void setSourceOpener(SourceOpener opener) { openSource_ = std::move(opener); }

  // Opens the source (falling back to the pattern) and starts the frame timer.
  void start(const QString& sourceSpec);
  void openSource(const QString& spec);
  const QString& sourceSpec() const { return spec_; }
  std::int64_t framesSubmitted() const { return framesSubmitted_; }
  // Called when the list of cameras changed: a camera in use that is gone falls back.
  void camerasChanged(int cameraCount);

 private:
  void renderHook(GlRenderer& renderer);
  void fallBackToPattern(const QString& why);
  void releasePipeline();
  void updateStatus(const HostFrame* frame);

  MainWindow& window_;
  BackendChoice backend_;
  SourceOpener openSource_ = [](const std::string& spec) { return openLiveSource(spec); };
  std::unique_ptr<LiveSource> source_;
  std::unique_ptr<FramePipeline> pipeline_;
  QString spec_;
  FilterChain chain_;
  bool chainChanged_ = true;
  QTimer timer_;
  std::int64_t framesSubmitted_ = 0;
  int lastWidth_ = 0, lastHeight_ = 0;
};

}  // namespace kc
