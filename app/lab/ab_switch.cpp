#include "app/lab/ab_switch.hpp"

#include <exception>
#include <utility>

namespace kc {

void AbControl::set(bool on, FilterChain a, FilterChain b, bool heatMap) {
  const std::lock_guard lock(mutex_);
  settings_.on = on;
  settings_.a = std::move(a);
  settings_.b = std::move(b);
  settings_.heatMap = heatMap;
  ++settings_.version;
  report_.reset();
  stopReason_.reset();
}

std::optional<AbReport> AbControl::report() const {
  const std::lock_guard lock(mutex_);
  return report_;
}

std::optional<std::string> AbControl::takeStopReason() {
  const std::lock_guard lock(mutex_);
  return std::exchange(stopReason_, std::nullopt);
}

AbControl::Settings AbControl::settings() const {
  const std::lock_guard lock(mutex_);
  return settings_;
}

void AbControl::publish(const AbReport& report) {
  const std::lock_guard lock(mutex_);
  if (settings_.on) report_ = report;
}

void AbControl::stop(const std::string& why) {
  const std::lock_guard lock(mutex_);
  stopReason_ = why;
}

AbSwitchPipeline::AbSwitchPipeline(std::unique_ptr<FramePipeline> live, std::shared_ptr<AbControl> control)
    : live_(std::move(live)), control_(std::move(control)) {}

AbSwitchPipeline::~AbSwitchPipeline() = default;

std::optional<FrameStats> AbSwitchPipeline::submitLive(const HostFrame& frame, DisplaySink& sink) {
  const AbControl::Settings settings = control_->settings();
  if (!settings.on) {
    if (ab_) leaveAb(sink);
    return live_->submitLive(frame, sink);
  }
  try {
    if (!ab_) {
      live_->flushLive(sink);  // the live frame in flight is shown before A/B takes over
      ab_ = std::make_unique<AbRunner>(live_->backend());
      version_ = 0;
    }
    if (settings.version != version_) {
      ab_->setChains(settings.a, settings.b);
      ab_->setHeatMap(settings.heatMap);
      version_ = settings.version;
    }
    FrameStats shown = ab_->show(frame, sink);
    control_->publish(ab_->report());
    return shown;
  } catch (const std::exception& error) {  // a chain the backend refuses; the window switches A/B off
    control_->stop(error.what());
    leaveAb(sink);
    return live_->submitLive(frame, sink);
  }
}

std::optional<FrameStats> AbSwitchPipeline::flushLive(DisplaySink& sink) {
  return ab_ ? std::nullopt : live_->flushLive(sink);  // A/B presents each frame as it runs it
}

// The A/B frames went into the sink's buffers, possibly at another size: a tiny layout makes the
// sink's next prepare() for the live pipeline make new buffers and say so, so that the live pipeline
// registers them (CUDA-GL interop) again instead of writing through registrations of old ones.
void AbSwitchPipeline::leaveAb(DisplaySink& sink) {
  ab_.reset();
  DisplayLayout tiny;
  tiny.originalWidth = tiny.originalHeight = tiny.filteredWidth = tiny.filteredHeight = 1;
  sink.prepare(tiny);
}

}  // namespace kc
