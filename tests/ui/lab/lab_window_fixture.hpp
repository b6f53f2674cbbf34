// The helpers shared by tests/ui/lab/lab_window_test.cpp and its must-fail tests
// (tests/error/ui/lab/lab_window_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <QDockWidget>
#include <QSlider>
#include <QSpinBox>
#include <QStatusBar>

#include "app/lab/lab_controller.hpp"
#include "app/live/live_controller.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/lab/code_editor.hpp"
#include "ui/lab/kernel_lab_dock.hpp"
#include "ui/lab/kernel_lab_panel.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/notice_area.hpp"
#include "ui/window/stage_editor.hpp"

namespace kc::test {

// Compiles nothing: the lab's analysis and a stand-in cubin (the CPU backend never runs it).
inline lab::LabToolchain analysisOnly() {
  lab::LabToolchain toolchain;
  toolchain.compile = [](const lab::KernelSource& source) {
    lab::CompiledKernel kernel;
    kernel.path = source.path;
    kernel.analysis = lab::analyzeKernel(source);
    kernel.diagnostics = kernel.analysis.diagnostics;
    kernel.cubin = "cubin";
    return kernel;
  };
  return toolchain;
}

class LabWindow : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
    window_ = std::make_unique<MainWindow>();
    panel_ = installKernelLab(*window_, analysisOnly(), QString::fromStdString(dir_.file("lab")));
    panel_->scheduler()->setDelayMs(20);
    live_ = std::make_unique<LiveController>(*window_, Backend::Cpu);
    lab_ = std::make_unique<LabController>(*window_, *panel_, *live_);
    window_->resize(900, 600);
    window_->show();
    live_->start(QStringLiteral("pattern"));
  }
  void TearDown() override {
    lab_.reset();
    live_.reset();
    window_.reset();
  }
  FilterDock& dock() { return *window_->filterDock(); }
  bool framesAdvance(int count) {
    const std::int64_t target = window_->view()->renderer().framesPresented() + count;
    return processEventsUntil([&] { return window_->view()->renderer().framesPresented() >= target; }, 20000);
  }
  int indexOf(const std::string& id) {
    for (int i = 0; i < dock().stageCount(); ++i)
      if (dock().stageAt(i).id() == id) return i;
    return -1;
  }

  test::TempDir dir_;
  std::unique_ptr<MainWindow> window_;
  KernelLabPanel* panel_ = nullptr;
  std::unique_ptr<LiveController> live_;
  std::unique_ptr<LabController> lab_;
};

}  // namespace kc::test
