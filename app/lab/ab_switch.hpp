#pragma once
// How the A/B view reaches the live stream: the live pipeline, wrapped. The frame worker runs the
// pipeline on its own thread (app/live/frame_worker.hpp); the wrapper passes everything through to
// the live pipeline until the window switches A/B on, and then presents the AbRunner's frames
// instead. Settings go from the GUI thread to the worker, reports and stops come back, through an
// AbControl both hold.
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "app/lab/ab_runner.hpp"

namespace kc {

class AbControl {
 public:
  struct Settings {
    bool on = false;
    FilterChain a, b;
    bool heatMap = false;
    std::uint64_t version = 0;  // changes with every new setting
  };
  // GUI thread.
  void set(bool on, FilterChain a, FilterChain b, bool heatMap);
  std::optional<AbReport> report() const;       // the latest frame's, while on
  std::optional<std::string> takeStopReason();  // A/B could not go on (a chain the backend refused)
  // Worker thread.
  Settings settings() const;
  void publish(const AbReport& report);
  void stop(const std::string& why);

 private:
  mutable std::mutex mutex_;
  Settings settings_;
  std::optional<AbReport> report_;
  std::optional<std::string> stopReason_;
};

class AbSwitchPipeline final : public FramePipeline {
 public:
  AbSwitchPipeline(std::unique_ptr<FramePipeline> live, std::shared_ptr<AbControl> control);
  ~AbSwitchPipeline() override;

  Backend backend() const override { return live_->backend(); }
  std::string deviceName() const override { return live_->deviceName(); }
  void setChain(const FilterChain& chain) override { live_->setChain(chain); }
  const FilterChain& chain() const override { return live_->chain(); }
  FrameResult process(const HostFrame& frame) override { return live_->process(frame); }
  std::optional<FrameStats> submitLive(const HostFrame& frame, DisplaySink& sink) override;
  std::optional<FrameStats> flushLive(DisplaySink& sink) override;
  void releaseDisplay() override { live_->releaseDisplay(); }
  DisplayPath displayPath() const override { return live_->displayPath(); }
  std::string displayPathNote() const override { return live_->displayPathNote(); }

 private:
  void leaveAb(DisplaySink& sink);

  std::unique_ptr<FramePipeline> live_;
  std::shared_ptr<AbControl> control_;
  std::unique_ptr<AbRunner> ab_;
  std::uint64_t version_ = 0;
};

}  // namespace kc
