#pragma once
// Wires the kernel lab's editor (ui/lab) to the live view:
// - a version of the kernel that compiles is published (gpu/lab/kernel_program.hpp) and every
//   kernel=PATH stage of that file in the chain is rebuilt with it (new @params become controls),
//   so the next frame runs it; a file opened in the editor joins the chain on its first good compile
//   (in place of its built-in counterpart where the chain has one, which is switched off);
// - a stage that fails on a frame (a user kernel that faulted, hung, wrote out of bounds, or a
//   kernel stage on the CPU backend) is switched off in the dock with a notice; the other stages
//   keep running, and the next good edit switches it back on;
// - the time from the last edit to the first frame presented with the new kernel is measured,
//   logged ("kernel lab: edit to frame ...") and shown in the editor;
// - A/B: while it is on, the live pipeline's switch (ab_switch.hpp) presents A and B instead; this
//   side parses the chains, captions the view and stops A/B with the reason when a side fails.
#include <QObject>
#include <QTimer>
#include <chrono>
#include <memory>
#include <optional>

#include "app/lab/ab_switch.hpp"
#include "gpu/lab/kernel_program.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"
#include "ui/render/view_mode.hpp"

namespace kc {

class KernelLabPanel;
class LiveController;
class MainWindow;

// How long from the last edit to the first presented frame that ran the new program.
class EditToFrameClock {
 public:
  void published(std::shared_ptr<const lab::KernelProgram> program) { pending_ = std::move(program); }
  // A frame was presented `now`: the time when it is the first to have run the pending program.
  std::optional<double> presented(std::int64_t frameIndex, std::chrono::steady_clock::time_point now);
  bool waiting() const { return pending_ != nullptr; }

 private:
  std::shared_ptr<const lab::KernelProgram> pending_;
};

class LabController : public QObject {
  Q_OBJECT
 public:
  LabController(MainWindow& window, KernelLabPanel& panel, LiveController& live, QObject* parent = nullptr);
  ~LabController() override;

  // The live view presented a frame (LiveController's observer; public for tests).
  void framePresented(const FrameStats& stats);
  std::optional<double> lastEditToFrameMs() const { return lastEditToFrameMs_; }
  bool abRunning() const { return abWanted_ && lastAbReport_.has_value(); }
  const AbReport* abReport() const { return lastAbReport_ ? &*lastAbReport_ : nullptr; }

 signals:
  void editToFrameMeasured(double ms);

 private:
  void onProgramReady(const std::shared_ptr<const lab::KernelProgram>& program);
  int refreshStagesOf(const std::string& path, bool enable);
  void addToChain(const std::string& path);
  void disableFailedStages(const std::vector<StageFailure>& failures);
  void onAbChanged();
  void sendAbSettings();  // the panel's chains, parsed, to the worker's switch
  void showAb();
  void stopAb(const QString& why);
  void holdUi();  // the panel's and the dock's redraws wait for the new kernel's first frame
  void releaseUi();

  MainWindow& window_;
  KernelLabPanel& panel_;
  LiveController& live_;
  EditToFrameClock clock_;
  std::optional<double> lastEditToFrameMs_;
  // The program the edit-to-frame clock waits for and when it reached the window, for the log line
  // (the program holds the edit's time, the compile's start, return and figures).
  std::shared_ptr<const lab::KernelProgram> lastProgram_;
  double lastPublishedMs_ = 0;
  QTimer uiHold_;               // runs while the redraws wait (holdUi); its end lets them go without the frame
  QString joinOnFirstCompile_;  // a file just opened: added to the chain when it first compiles
  bool cudaMissing_ = false;    // the live view runs on the CPU: kernel stages stay off

  bool abWanted_ = false;
  std::shared_ptr<AbControl> ab_ = std::make_shared<AbControl>();
  std::optional<AbReport> lastAbReport_;
  ViewMode viewBeforeAb_ = ViewMode::SideBySide;
};

}  // namespace kc
