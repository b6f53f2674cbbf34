// The scripted camera and the window fixture shared by tests/app/live/live_fallback_test.cpp and its
// must-fail tests (tests/error/app/live/live_fallback_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <QCameraDevice>
#include <QMediaDevices>
#include <QToolButton>
#include <atomic>
#include <chrono>
#include <memory>

#include "app/sources/camera_backend.hpp"
#include "app/live/live_controller.hpp"
#include "app/sources/frame_source.hpp"
#include "app/sources/pattern_source.hpp"
#include "tests/support/qt_test_app.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/notice_area.hpp"

namespace kc::test {

// What the scripted camera does next; the test changes it while the window runs (and the
// controller's source pump reads it on its thread).
struct CameraScript {
  std::atomic<int> width = 64, height = 48;
  std::atomic<bool> unplugged = false;
};

class ScriptedCamera final : public LiveSource {
 public:
  explicit ScriptedCamera(std::shared_ptr<CameraScript> script) : script_(std::move(script)) {}
  std::optional<HostFrame> grab() override {
    // What CameraSource::next() throws once QCamera reported the device gone.
    if (script_->unplugged) throw SourceError("camera Scripted: the camera was lost");
    // A camera delivers at its frame rate (here 100 fps), not whenever it is asked.
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::milliseconds(10)) return std::nullopt;
    last_ = now;
    return PatternSource(script_->width, script_->height).frameAt(index_++);
  }
  std::string description() const override { return "camera Scripted"; }

 private:
  std::shared_ptr<CameraScript> script_;
  std::int64_t index_ = 0;
  std::chrono::steady_clock::time_point last_{};
};

class LiveFallback : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
    window_ = std::make_unique<MainWindow>();
    controller_ = std::make_unique<LiveController>(*window_, Backend::Cpu);
    controller_->setSourceOpener([script = script_](const std::string& spec) -> std::unique_ptr<LiveSource> {
      if (spec.rfind("camera", 0) == 0) return std::make_unique<ScriptedCamera>(script);
      return openLiveSource(spec);
    });
    window_->resize(640, 400);
    window_->show();
  }
  void TearDown() override {
    controller_.reset();
    window_.reset();
  }
  bool framesAdvance(int count) {
    const std::int64_t target = controller_->framesShown() + count;
    return test::processEventsUntil([&] { return controller_->framesShown() >= target; }, 30000);
  }
  int shownWidth() const { return window_->view()->renderer().layout().originalWidth; }
  const Notice* sourceNotice() const { return window_->notices()->find(QStringLiteral("source")); }

  std::shared_ptr<CameraScript> script_ = std::make_shared<CameraScript>();
  std::unique_ptr<MainWindow> window_;
  std::unique_ptr<LiveController> controller_;
};

}  // namespace kc::test
