// The helpers shared by tests/ui/lab/lab_editor_test.cpp and its must-fail tests
// (tests/error/ui/lab/lab_editor_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <QFileInfo>
#include <QListWidget>
#include <QTextBlock>
#include <QThread>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

#include "app/lab/machine_toolchain.hpp"
#include "gpu/lab/source_scan.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/lab/builtin_kernels.hpp"
#include "ui/lab/code_editor.hpp"
#include "ui/lab/compile_scheduler.hpp"
#include "ui/lab/cuda_highlighter.hpp"
#include "ui/lab/gutter_marks.hpp"
#include "ui/lab/kernel_lab_panel.hpp"

namespace kc::test {

using Clock = std::chrono::steady_clock;

inline const std::string kGood =
    "// @param gain float 0..2 = 1\n"                                   // 1
    "__global__ void k(KcInput in, KcOutput out, KcParams params) {\n"  // 2
    "  const int x = blockIdx.x * blockDim.x + threadIdx.x;\n"          // 3
    "  const int y = blockIdx.y * blockDim.y + threadIdx.y;\n"          // 4
    "  if (x >= out.width || y >= out.height) return;\n"                // 5
    "  out.setRgba(x, y, in.rgba(x, y));\n"                             // 6
    "}\n";

// A compiler for tests: the lab's own analysis, plus an error wherever the text says "oops".
inline lab::LabToolchain fakeToolchain(std::shared_ptr<std::atomic<int>> compiles = nullptr) {
  lab::LabToolchain toolchain;
  toolchain.compile = [compiles](const lab::KernelSource& source) {
    if (compiles) ++*compiles;
    lab::CompiledKernel kernel;
    kernel.path = source.path;
    kernel.arch = 90;
    kernel.compileMs = 1;
    kernel.analysis = lab::analyzeKernel(source);
    kernel.diagnostics = kernel.analysis.diagnostics;
    const std::size_t at = source.text.find("oops");
    if (at != std::string::npos) {
      const lab::TextPosition p = lab::positionOf(source.text, at);
      kernel.diagnostics.push_back(
          {source.path, p.line, p.column, lab::Severity::Error, "identifier \"oops\" is undefined"});
    }
    if (!lab::hasErrors(kernel.diagnostics)) kernel.cubin = "cubin";
    return kernel;
  };
  return toolchain;
}

class LabPanel : public ::testing::Test {
 protected:
  void SetUp() override {
    test::testApplication();
    compiles_ = std::make_shared<std::atomic<int>>(0);
    panel_ = std::make_unique<KernelLabPanel>(fakeToolchain(compiles_), QString::fromStdString(dir_.file("lab")));
    panel_->scheduler()->setDelayMs(30);
    QObject::connect(panel_.get(), &KernelLabPanel::programReady,
                     [this](std::shared_ptr<const lab::KernelProgram> p) { ready_.push_back(std::move(p)); });
  }
  // Waits for the compiles so far to be shown.
  bool settle() {
    return processEventsUntil([this] { return !panel_->scheduler()->waiting() && !panel_->scheduler()->compiling(); },
                              5000);
  }
  void type(const QString& text) {
    QTextCursor cursor = panel_->editor()->textCursor();
    cursor.insertText(text);
    panel_->editor()->setTextCursor(cursor);
  }
  test::TempDir dir_;
  std::shared_ptr<std::atomic<int>> compiles_;
  std::unique_ptr<KernelLabPanel> panel_;
  std::vector<std::shared_ptr<const lab::KernelProgram>> ready_;
};

}  // namespace kc::test
