#include "app/lab/lab_controller.hpp"

#include "gpu/exercises/exercise_registry.hpp"

#include <QFileInfo>
#include <QtGlobal>
#include <algorithm>

#include "app/live/live_controller.hpp"
#include "gpu/core/elapsed.hpp"
#include "gpu/core/error.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/stage_registry.hpp"
#include "ui/lab/builtin_kernels.hpp"
#include "ui/lab/kernel_lab_panel.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/notice_area.hpp"

namespace kc {

namespace {

const char* kKernelStage = "kernel";
const char* kLabNotice = "kernel-lab";  // one notice for the lab's stages: the latest failure
// The longest the panel's and the dock's redraws wait for the new kernel's first frame (it takes
// ~5 ms on the H200; a kernel that fails or a stalled view must not freeze the panels).
constexpr int kUiHoldLimitMs = 100;

QString text(const std::string& s) { return QString::fromStdString(s); }

FilterChain chainFromText(const QString& chain) {
  return chain.trimmed().isEmpty() ? FilterChain{} : parseFilterChain(chain.toStdString());
}

bool isKernelStageOf(const StageSpec& stage, const std::string& key) {
  return stage.id() == kKernelStage && lab::kernelPathKey(stage.value("path")) == key;
}

// Why a kernel stage is off on the CPU backend (the dock's row, the editor, the notice).
QString cpuBackendReason(const StageSpec& stage) {
  return QObject::tr("%1: this window runs the CPU backend, so the stage is in the chain but off")
      .arg(text(needsCudaMessage(stage)));
}

ViewMode viewModeFor(AbView view) { return view == AbView::Wipe ? ViewMode::Split : ViewMode::SideBySide; }

}  // namespace

std::optional<double> EditToFrameClock::presented(std::int64_t frameIndex, std::chrono::steady_clock::time_point now) {
  if (!pending_) return std::nullopt;
  const std::int64_t first = pending_->firstFrame.load();
  if (first < 0 || frameIndex < first) return std::nullopt;
  const double ms = msBetween(pending_->editedAt, now);
  pending_.reset();
  return ms;
}

LabController::LabController(MainWindow& window, KernelLabPanel& panel, LiveController& live, QObject* parent)
    : QObject(parent), window_(window), panel_(panel), live_(live) {
  connect(&panel_, &KernelLabPanel::programReady, this, &LabController::onProgramReady);
  connect(&panel_, &KernelLabPanel::fileOpened, this, [this](const QString& path) { joinOnFirstCompile_ = path; });
  // The file leaves the editor: its stages run what is on disk again.
  connect(&panel_, &KernelLabPanel::fileClosing, this,
          [](const QString& path) { lab::withdrawKernelProgram(path.toStdString()); });
  connect(&panel_, &KernelLabPanel::abChanged, this, &LabController::onAbChanged);
  live_.setPipelineWrapper([control = ab_](std::unique_ptr<FramePipeline> pipeline) -> std::unique_ptr<FramePipeline> {
    return std::make_unique<AbSwitchPipeline>(std::move(pipeline), control);
  });
  live_.setFrameObserver([this](const FrameStats& stats) { framePresented(stats); });
  uiHold_.setSingleShot(true);
  uiHold_.setInterval(kUiHoldLimitMs);
  connect(&uiHold_, &QTimer::timeout, this, &LabController::releaseUi);
}

// The window repaints and presents as a whole: a redraw of the editor's panel and the dock (their
// texts and controls change with every compile) that starts just before the new kernel's frame
// arrives holds that frame back by a whole present (2-3 ms of the edit to frame on the H200). So
// their redraws wait for that frame, or kUiHoldLimitMs; their contents change at once.
void LabController::holdUi() {
  panel_.setUpdatesEnabled(false);
  window_.filterDock()->setUpdatesEnabled(false);
  uiHold_.start();
}

void LabController::releaseUi() {
  uiHold_.stop();
  panel_.setUpdatesEnabled(true);
  window_.filterDock()->setUpdatesEnabled(true);
}

LabController::~LabController() {
  live_.setFrameObserver({});  // the switch keeps its own AbControl
  if (uiHold_.isActive()) releaseUi();
}

void LabController::onProgramReady(const std::shared_ptr<const lab::KernelProgram>& program) {
  // An array exercise's kernel (pointers and sizes, its own grid) runs in its checks, never on frames.
  if (const exercises::ExerciseDefinition* e =
          exercises::exerciseRegistry().find(program->analysis.annotations.exercise);
      e && !e->imageKernel) {
    joinOnFirstCompile_.clear();
    panel_.showRunProblem({});
    return;
  }
  lab::publishKernelProgram(program);
  const double publishedMs = msBetween(program->editedAt, std::chrono::steady_clock::now());
  panel_.showRunProblem({});
  if (!cudaMissing_) window_.notices()->clear(QString::fromLatin1(kLabNotice));  // its stage comes back on
  const std::string& path = program->source.path;
  int stages = refreshStagesOf(path, /*enable=*/true);
  if (joinOnFirstCompile_ == text(path)) {
    joinOnFirstCompile_.clear();
    if (stages == 0) {
      addToChain(path);
      stages = 1;
    }
  }
  if (abWanted_) sendAbSettings();  // B (or A) may name this file: it runs the new version too
  if (stages > 0 || abWanted_) {
    clock_.published(program);
    lastProgram_ = program;  // the one the clock waits for
    lastPublishedMs_ = publishedMs;
    if (!cudaMissing_) holdUi();
  }
}

// Every kernel=PATH stage of this file, rebuilt on the published version (its @params may have
// changed: values that no longer fit fall back to the defaults) and switched on again.
int LabController::refreshStagesOf(const std::string& path, bool enable) {
  FilterDock* dock = window_.filterDock();
  const std::string key = lab::kernelPathKey(path);
  int refreshed = 0;
  for (int i = 0; i < dock->stageCount(); ++i) {
    if (!dock->stageUsable(i)) {
      // A saved stage of this file that could not be read at start (the file did not analyse)
      // runs once a version of it compiles.
      try {
        const StageSpec saved = parseStage(dock->stageText(i).toStdString());
        if (!isKernelStageOf(saved, key)) continue;
        dock->replaceStage(i, saved);
        if (cudaMissing_) dock->switchOff(i, cpuBackendReason(saved));
        else if (enable) dock->setStageEnabled(i, true);
        ++refreshed;
      } catch (const InvalidArgument&) {
      }
      continue;
    }
    const StageSpec old = dock->stageAt(i);
    if (!isKernelStageOf(old, key)) continue;
    StageSpec fresh;
    try {
      fresh = makeStage(*old.definition, old.values);
    } catch (const InvalidArgument&) {
      try {
        fresh = makeStage(*old.definition, {old.value("path"), ""});
      } catch (const InvalidArgument& error) {
        panel_.showRunProblem(text(error.what()).remove(QStringLiteral("--filters: ")));
        continue;
      }
    }
    dock->replaceStage(i, fresh);
    if (enable && !cudaMissing_) dock->setStageEnabled(i, true);
    ++refreshed;
  }
  return refreshed;
}

// A file opened in the editor joins the chain: where the chain runs the built-in stage the file
// is a version of, right after it (which is switched off), else at the end.
void LabController::addToChain(const std::string& path) {
  FilterDock* dock = window_.filterDock();
  StageSpec stage;
  try {
    stage = makeStage(*stageRegistry().find(kKernelStage), {path, ""});
  } catch (const InvalidArgument& error) {
    panel_.showRunProblem(text(error.what()).remove(QStringLiteral("--filters: ")));
    return;
  }
  int at = dock->stageCount();
  const BuiltInKernel* builtIn = findBuiltInKernel(QFileInfo(text(path)).fileName());
  if (builtIn && !builtIn->counterpart.isEmpty() && !cudaMissing_) {
    const std::string counterpart = formatStage(parseStage(builtIn->counterpart.toStdString()));
    for (int i = 0; i < dock->stageCount(); ++i)
      if (dock->stageEnabled(i) && formatStage(dock->stageAt(i)) == counterpart) {
        dock->setStageEnabled(i, false);
        at = i + 1;
        break;
      }
  }
  dock->addStage(stage, at);
  if (cudaMissing_) {
    const QString message = cpuBackendReason(stage);
    dock->switchOff(at, message);
    panel_.showRunProblem(message);
    window_.notices()->post({QString::fromLatin1(kLabNotice), message, QString(), QString(), QString()});
  }
}

void LabController::framePresented(const FrameStats& stats) {
  cudaMissing_ = stats.path == DisplayPath::Cpu;
  if (abWanted_) {
    showAb();
  } else if (!stats.failures.empty()) {
    disableFailedStages(stats.failures);
  }
  if (const auto ms = clock_.presented(stats.frameIndex, std::chrono::steady_clock::now())) {
    lastEditToFrameMs_ = ms;
    if (uiHold_.isActive())
      QMetaObject::invokeMethod(this, &LabController::releaseUi, Qt::QueuedConnection);  // not in the paint
    // Each step from the edit: the compile's start and return, the window's, then the frame's own
    // stamps (the re-run's start and result, the hand-over to the view, the view's take).
    const lab::KernelProgram& program = *lastProgram_;
    const double compileMs = program.compiled ? program.compiled->compileMs : 0;
    const double compileCpuMs = program.compiled ? program.compiled->compileCpuMs : 0;
    const double edited = std::chrono::duration<double>(program.editedAt.time_since_epoch()).count();
    const auto since = [edited](double seconds) { return seconds > 0 ? (seconds - edited) * 1e3 : -1.0; };
    const double ran = since(stats.captureSeconds);
    qInfo(
        "kernel lab: edit to frame %.0f ms (compile %.0f ms, of it %.0f ms on the CPU; started after %.1f ms, back "
        "after %.1f, in the window after %.1f; the frame ran from %.1f to %.1f ms, handed to the view at %.1f, "
        "taken at %.1f)",
        *ms, compileMs, compileCpuMs, msBetween(program.editedAt, program.compileStartedAt),
        msBetween(program.editedAt, program.compiledAt), lastPublishedMs_, ran, ran >= 0 ? ran + stats.latencyMs : -1.0,
        since(stats.handedSeconds), since(stats.takenSeconds));
    panel_.showEditToFrame(*ms, compileMs);
    emit editToFrameMeasured(*ms);
  }
}

// The stage a failure names is the stageIndex-th enabled stage of the dock, if it is still the
// same stage (the chain may have changed since the frame ran). Later stages first: switching one
// off renumbers the ones after it.
void LabController::disableFailedStages(const std::vector<StageFailure>& failures) {
  FilterDock* dock = window_.filterDock();
  std::vector<StageFailure> byIndex = failures;
  std::sort(byIndex.begin(), byIndex.end(),
            [](const StageFailure& a, const StageFailure& b) { return a.stageIndex > b.stageIndex; });
  for (const StageFailure& failure : byIndex) {
    int enabled = -1;
    for (int i = 0; i < dock->stageCount(); ++i) {
      if (!dock->stageEnabled(i) || ++enabled != failure.stageIndex) continue;
      if (formatStage(dock->stageAt(i)) != failure.stage) break;
      const QString message = text(failure.message);
      dock->switchOff(i, message);  // kept in the chain (and in the saved chain), off
      window_.notices()->post({QString::fromLatin1(kLabNotice),
                               tr("%1 \u2014 the stage is off, the other stages keep running").arg(message),
                               tr("The kernel lab runs your kernel in a process of its own, so the built-in stages "
                                  "are not affected. The next edit that compiles switches the stage back on."),
                               message, QString()});
      panel_.showRunProblem(tr("%1\nThe stage is off; the next edit that compiles switches it back on.").arg(message));
      break;
    }
  }
}

// ---- A/B -----------------------------------------------------------------------------------

void LabController::onAbChanged() {
  const bool wanted = panel_.abEnabled();
  if (wanted && !abWanted_) viewBeforeAb_ = window_.viewMode();
  abWanted_ = wanted;
  lastAbReport_.reset();
  if (!wanted) {
    ab_->set(false, {}, {}, false);
    window_.view()->renderer().setCaptions({});
    window_.setViewMode(viewBeforeAb_);
    return;
  }
  window_.setViewMode(viewModeFor(panel_.abView()));
  sendAbSettings();
}

void LabController::sendAbSettings() {
  try {
    ab_->set(true, chainFromText(panel_.abChainA()), chainFromText(panel_.abChainB()),
             panel_.abView() == AbView::HeatMap);
    if (live_.showingStill()) live_.measureStill(1);  // a still is filtered only when asked
  } catch (const std::exception& error) {             // a chain that does not parse
    stopAb(text(error.what()).remove(QStringLiteral("--filters: ")));
  }
}

// A frame of the A/B view was shown: its numbers beside the view, or the reason it stops.
void LabController::showAb() {
  if (const auto why = ab_->takeStopReason()) {
    stopAb(text(*why).remove(QStringLiteral("--filters: ")));
    return;
  }
  lastAbReport_ = ab_->report();
  if (!lastAbReport_) return;
  if (!lastAbReport_->failures.empty()) {
    stopAb(text(lastAbReport_->failures.front()));
    return;
  }
  const AbReport& report = *lastAbReport_;
  panel_.showAbResult(text(report.captionA() + "\n" + report.captionB() + "\n" + report.summary()));
  window_.view()->renderer().setCaptions({report.captionA(), report.captionB(), report.summary()});
}

void LabController::stopAb(const QString& why) {
  window_.showMessage(tr("A/B stopped: %1").arg(why), 15000);
  panel_.stopAb(why);  // -> onAbChanged: the worker's switch goes back to the live chain
}

}  // namespace kc
