#pragma once
// The window as `kernelcam` builds it (GuiSession), started at 900x600 and showing frames: what
// the GUI tests that drive the whole window begin with. Needs the test's QApplication.
#include <gtest/gtest.h>

#include <memory>

#include "app/gui/gui_launcher.hpp"
#include "tests/support/qt_test_app.hpp"
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

}  // namespace kc::test
