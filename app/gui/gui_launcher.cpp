#include "app/gui/gui_launcher.hpp"

#include <QApplication>
#include <QDockWidget>
#include <QOpenGLContext>
#include <QSettings>
#include <cstdio>
#include <optional>

#include "app/demos/app_demo_runners.hpp"
#include "app/diagnostics/component_versions.hpp"
#include "app/diagnostics/quiet_output.hpp"
#include "app/gui/documentation.hpp"
#include "app/gui/window_measure.hpp"
#include "app/lab/exercise_service.hpp"
#include "app/lab/lab_controller.hpp"
#include "app/lab/machine_toolchain.hpp"
#include "app/live/kernelcam_application.hpp"
#include "app/live/live_controller.hpp"
#include "app/live/replay_source.hpp"
#include "app/live/run_overrides.hpp"
#include "app/live/source_menu.hpp"
#include "app/live/window_outputs.hpp"
#include "app/record/record_controller.hpp"
#include "app/record/vcam_control.hpp"
#include "app/sources/source_factory.hpp"
#include "ui/demos/demo_dock.hpp"
#include "ui/demos/demo_panel.hpp"
#include "ui/lab/exercise_dock.hpp"
#include "ui/lab/kernel_lab_dock.hpp"
#include "ui/lab/kernel_lab_panel.hpp"
#include "ui/window/app_icon.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/notice_area.hpp"
#include "gpu/core/message_text.hpp"

namespace kc {

namespace {

constexpr char kCameraFormatKey[] = "camera/format";

std::optional<CameraFormatRequest> cameraFormatFrom(const QString& text) {
  if (text.isEmpty()) return CameraFormatRequest{};
  return parseCameraFormat(text.toStdString());
}

// For --verbose: the notice with its details, which the status bar leaves out.
void printNotice(const Notice& notice) {
  // A notice quotes file names and library text: through the one sanitiser, its lines kept.
  std::fprintf(stderr, "kernelcam: %s\n", printableText(notice.summary.toStdString()).c_str());
  if (!notice.details.isEmpty())
    std::fprintf(stderr, "  %s\n",
                 printableText(QString(notice.details).replace(QLatin1Char('\n'), QStringLiteral("\n  ")).toStdString(),
                               16384, TextLayout::Lines)
                     .c_str());
}

}  // namespace

GuiSession::GuiSession(const GuiOptions& options) {
  outputs_ = std::make_unique<WindowOutputs>([this] { return filesRead(); }, [this] { return filesWritten(); });
  buildWindowAndPanels();
  const SourceOptions sourceOptions = applyCommandLine(options);
  startLiveLoop(options, sourceOptions);
  openDroppedAndOpenedFiles();
  attachOutputs(options);
  if (options.verbose) QObject::connect(window_->notices(), &NoticeArea::posted, window_.get(), &printNotice);
  if (auto* app = qobject_cast<KernelcamApplication*>(QCoreApplication::instance()))
    QObject::connect(app, &KernelcamApplication::exceptionCaught, window_.get(), [this](const QString& message) {
      window_->showMessage(QObject::tr("internal error (kernelcam keeps running): %1").arg(message), 10000);
    });
}

// The window and its panels: the demos, the kernel lab and the course's exercises beside it.
void GuiSession::buildWindowAndPanels() {
  window_ = std::make_unique<MainWindow>();
  window_->setSaveFile(outputs_->saveFile());
  window_->setComponentVersions(componentVersions());
  window_->setDocumentationUrl(documentationUrl(dataSearchHere()));
  // Before restoreSettings: it reopens the dock if it was open.
  demoPanel_ = installDemoDock(*window_, appDemoRunners(), defaultMatrixDirectory());
  labPanel_ = installKernelLab(*window_, labToolchain([this]() -> std::optional<HostFrame> {
    // On the GUI thread, when Profile is clicked (the controller exists by then).
    return controller_ ? controller_->latestFrame() : std::nullopt;
  }),
                               defaultLabDirectory());
  demoPanel_->setSaveFile(outputs_->saveFile());
  labPanel_->setSaveFile(outputs_->saveFile([this] { return labPanel_->path(); }));  // it saves over its own file
  // The course: Lab > Exercises, beside the editor; an image exercise also runs on the stream (A/B).
  ExercisePanel* exercises =
      installExercises(*window_, *labPanel_, makeExerciseService(defaultLabDirectory(), outputs_->saveFile()));
  QObject::connect(exercises, &ExercisePanel::exerciseOpened, labPanel_,
                   [this](const QString& id, const QString& path) {
                     showExerciseOnTheStream(*labPanel_, id.toStdString(), path, outputs_->saveFile());
                   });
}

// The settings restored, then the command line over them for this run; the source options the live
// loop starts with.
SourceOptions GuiSession::applyCommandLine(const GuiOptions& options) {
  QString spec = window_->restoreSettings();
  QSettings settings;
  SourceOptions sourceOptions = options.sourceOptions();
  if (!options.cameraFormat)
    sourceOptions.cameraFormat =
        cameraFormatFrom(settings.value(kCameraFormatKey).toString()).value_or(CameraFormatRequest{});

  // The command line wins for this run; pinned with the values the window holds afterwards
  // (the dock puts stages in its own order), so "unchanged" compares like with like.
  overrides_ = std::make_unique<RunOverrides>();
  if (options.chain) {
    window_->filterDock()->setChain(*options.chain);
    overrides_->pin(settings, settings_key::kChain,
                    QString::fromStdString(formatFilterChain(window_->filterDock()->chain())));
    overrides_->pin(settings, settings_key::kChainOff, QString());  // every stage of --filters runs
    window_->notices()->clear(QStringLiteral("chain"));  // a saved chain with problems is not running (and is kept)
  }
  if (options.viewMode) {
    window_->setViewMode(*options.viewMode);
    overrides_->pin(settings, settings_key::kViewMode, QString::fromLatin1(viewModeName(*options.viewMode)));
  }
  if (options.cameraFormat)  // QSettings keeps it as text: as saveSettings writes it
    overrides_->pin(settings, kCameraFormatKey, QString::fromStdString(formatCameraFormat(*options.cameraFormat)));
  if (options.source) {
    spec = QString::fromStdString(formatSourceSpec(*options.source));
    overrides_->pin(settings, settings_key::kSource, spec);
  }
  // Nothing asked and nothing remembered: the first camera (with a notice when there is none).
  startSpec_ = spec.isEmpty() ? QStringLiteral("camera:0") : spec;

  return sourceOptions;
}

// The source menu, the live controller on the run's backend and the lab's controller over it.
void GuiSession::startLiveLoop(const GuiOptions& options, const SourceOptions& sourceOptions) {
  sources_ = new SourceMenu(*window_);
  controller_ = std::make_unique<LiveController>(*window_, options.backend);
  controller_->setSourceOptions(sourceOptions);
  controller_->setStageFusion(!options.stageTimings);
  controller_->setSourceCheck([this](const std::string& spec) { outputs_->checkSource(spec); });
  if (options.measureSeconds > 0)  // the window's path measured, not the source's pace
    controller_->setSourceOpener(
        [this](const std::string& spec) { return unpacedReplay(openLiveSource(spec, controller_->sourceOptions())); });
  lab_ = std::make_unique<LabController>(*window_, *labPanel_, *controller_);
  LiveController* controller = controller_.get();
  QObject::connect(sources_, &SourceMenu::camerasChanged, controller, &LiveController::camerasChanged);
  QObject::connect(sources_, &SourceMenu::cameraChosen, controller, &LiveController::openCamera);
  QObject::connect(controller, &LiveController::sourceShown, sources_, [this](const QString& shown) {
    sources_->setCurrent(shown, controller_->sourceOptions().cameraFormat);
  });
}

// File > Open and a drop: an image or a video becomes the source, a matrix the CG demo's.
void GuiSession::openDroppedAndOpenedFiles() {
  LiveController* controller = controller_.get();
  QObject::connect(window_.get(), &MainWindow::fileOpened, controller, [this](const QString& path, FileKind kind) {
    switch (kind) {
      case FileKind::Image:
        controller_->openSource(QStringLiteral("image:") + path);
        break;
      case FileKind::Video:
        controller_->openSource(QStringLiteral("video:") + path);
        break;
      case FileKind::Matrix:
        openMatrix(path);
        break;
      case FileKind::Unsupported:
        break;
    }
  });
  QObject::connect(window_.get(), &MainWindow::closing, controller, [this] { saveSettings(); });
}

// File > Record and the virtual camera, each checked against the files the window reads.
void GuiSession::attachOutputs(const GuiOptions& options) {
  LiveController* controller = controller_.get();
  recorder_ = std::make_unique<RecordController>(*window_, controller_->frameTap());
  recorder_->setTargetCheck([this](const std::string& path) { outputs_->check("recording", path); });
  // Source > Send to virtual camera, and --vcam's feed: the same control.
  vcam_ = std::make_unique<VcamControl>(*window_, controller_->frameTap(),
                                        [this](const std::string& path) { outputs_->check("virtual camera", path); });
  sources_->addTrailingAction(vcam_->action());
  // Source > Camera controls follow the camera shown (none for the pattern or a file).
  QObject::connect(controller, &LiveController::sourceShown, sources_,
                   [this] { sources_->setCamera(controller_->camera(), controller_->sourceSpec()); });
  sources_->setCamera(controller_->camera(), controller_->sourceSpec());
  // main.cpp checked the command line's source and chain; start() checks the file against what the
  // window reads now (the chain restored from the settings names files too, its switched-off stages'
  // included). This fails only then, or if the device went away since.
  if (!options.vcam.empty() && !vcam_->start(QString::fromStdString(options.vcam), "--vcam"))
    window_->notices()->post(
        {QStringLiteral("vcam"), QObject::tr("No virtual camera"), vcam_->lastError(), vcam_->lastError(), QString()});
}

GuiSession::~GuiSession() {
  if (vcam_) vcam_->stop();  // a file: target is checked again before it is put in place
  vcam_.reset();             // they listen to the controller's frames: gone first; a recording is kept
  recorder_.reset();
  lab_.reset();         // it hooked into the controller
  controller_.reset();  // before the window: it releases its pipeline with the view's GL context
}

void GuiSession::start() {
  controller_->start(startSpec_);
  window_->show();
}

void GuiSession::saveSettings() {
  window_->saveSettings(controller_->wantedSpec());
  QSettings settings;
  settings.setValue(kCameraFormatKey,
                    QString::fromStdString(formatCameraFormat(controller_->sourceOptions().cameraFormat)));
  overrides_->restore(settings);
}

// What the window reads now: the shown source's files, the files every stage of the chain names
// (its kernels and their headers, whether the stage runs or is switched off), the kernel open in
// the lab, the CG demo's matrix.
std::vector<std::string> GuiSession::filesRead() const {
  std::vector<std::string> files;
  try {
    files = sourceInputFiles(parseSourceSpec(controller_->sourceSpec().toStdString()));
  } catch (const std::exception&) {
    // A spec that no longer parses shows the pattern: no file.
  }
  for (std::string& file : chainInputFiles(controller_->chain())) files.push_back(std::move(file));
  for (std::string& file : window_->filterDock()->namedFiles()) files.push_back(std::move(file));
  if (!labPanel_->path().isEmpty()) files.push_back(labPanel_->path().toStdString());
  for (const QString& file : demoPanel_->inputFiles()) files.push_back(file.toStdString());
  return files;
}

// What the window is writing now: the virtual camera's file: (renamed into place when it stops),
// a recording.
std::vector<io::OutputFile> GuiSession::filesWritten() const {
  std::vector<io::OutputFile> files;
  if (vcam_ && !vcam_->file().empty()) files.push_back({vcam_->named(), vcam_->file()});
  if (recorder_ && recorder_->recording()) files.push_back({"the recording", recorder_->target().toStdString()});
  return files;
}

void GuiSession::openMatrix(const QString& path) {
  if (QDockWidget* dock = demoDock(*window_)) dock->show();
  demoPanel_->openInputFile(path);  // the CG demo, its form's other choices kept
  window_->showMessage(QObject::tr("CG demo: %1 \u2014 press Run").arg(path.section(QLatin1Char('/'), -1)), 8000);
}

int runGui(int argc, char** argv, const GuiOptions& options) {
  useGlCoreProfileByDefault();
  KernelcamApplication app(argc, argv);
  QCoreApplication::setOrganizationName(QStringLiteral("kernelcam"));
  QCoreApplication::setApplicationName(QStringLiteral("kernelcam"));
  // The desktop entry's name and the AppStream id (resources/, packaging/): Wayland's app id.
  QGuiApplication::setDesktopFileName(QStringLiteral("io.github.kernelcam.kernelcam"));
  QGuiApplication::setWindowIcon(kernelcamIcon());
  // QOpenGLWidget on a platform without GL surfaces (offscreen, minimal) crashes inside Qt at the
  // first repaint: say so instead.
  QOpenGLContext probe;
  const QString platform = QGuiApplication::platformName();
  if (platform == QLatin1String("offscreen") || platform == QLatin1String("minimal") || !probe.create()) {
    std::fprintf(stderr,
                 "kernelcam: the window needs OpenGL 3.3, which the Qt platform '%s' does not offer here (for runs "
                 "without a display: kernelcam process --help)\n",
                 platform.toLocal8Bit().constData());
    return 1;
  }
  GuiSession session(options);
  session.start();
  if (options.measureSeconds > 0) measureWindow(session, options.measureSeconds);
  return app.exec();
}

}  // namespace kc
