#pragma once
// The window as `kernelcam` builds it (GuiSession), started at 900x600 and showing frames: what
// the GUI tests that drive the whole window begin with. Needs the test's QApplication.
#include <gtest/gtest.h>

#include <QDockWidget>
#include <QSettings>
#include <filesystem>
#include <memory>
#include <string>

#include "app/backend/pipeline_factory.hpp"
#include "app/gui/gui_launcher.hpp"
#include "tests/support/qt_test_app.hpp"
#include "ui/lab/kernel_lab_dock.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"

namespace kc::test {

// Fails the test (non-fatally) when fewer than `frames` frames are shown within 30 s.
inline std::unique_ptr<GuiSession> startedSession(const GuiOptions& options, int frames) {
  auto session = std::make_unique<GuiSession>(options);
  session->start();
  session->window().resize(900, 600);
  const GlRenderer& renderer = session->window().view()->renderer();
  EXPECT_TRUE(processEventsUntil([&] { return renderer.framesPresented() >= frames; }, 30000))
      << "fewer than " << frames << " frames shown";
  return session;
}

// The kernel lab's window tests on CUDA: settings in `dir` (a fresh folder), the pattern through
// gray=lab, the lab's dock open. Null, with `skipReason` set, where the window or CUDA cannot be had.
inline std::unique_ptr<GuiSession> startedLabSession(const std::filesystem::path& dir, std::string* skipReason) {
  if (!windowSystemHasGl()) {
    *skipReason = "needs a window system with GL (run under xvfb-run)";
    return nullptr;
  }
  if (!cudaBackendAvailable()) {
    *skipReason = "a kernel= stage runs only on CUDA: " + cudaUnavailableReason();
    return nullptr;
  }
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, QString::fromStdString(dir.string()));
  GuiOptions options;
  options.source = parseSourceSpec("pattern");
  options.chain = parseFilterChain("gray=lab");
  options.backend = Backend::Cuda;
  auto session = startedSession(options, 3);
  kernelLabDock(session->window())->show();
  return session;
}

}  // namespace kc::test
