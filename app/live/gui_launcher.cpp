#include "app/live/gui_launcher.hpp"

#include <QApplication>
#include <QMediaDevices>

#include "app/demos/app_demo_runners.hpp"
#include "app/live/live_controller.hpp"
#include "app/live/source_menu.hpp"
#include "gpu/core/error.hpp"
#include "ui/demos/demo_dock.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"

namespace kc {

namespace {

BackendChoice parseBackend(const std::string& text) {
  if (text == "cpu") return BackendChoice::Cpu;
  if (text == "cuda") return BackendChoice::Cuda;
  KC_REQUIRE(text.empty() || text == "auto", "--backend: expected auto, cuda or cpu, got '" + text + "'");
  return BackendChoice::Auto;
}

}  // namespace

int runGui(int argc, char** argv, const GuiOptions& options) {
  const BackendChoice backend = parseBackend(options.backend);
  std::optional<ViewMode> mode;
  if (!options.view.empty()) {
    mode = parseViewMode(options.view);
    KC_REQUIRE(mode.has_value(), "--view: expected side-by-side, filtered or split, got '" + options.view + "'");
  }
  const FilterChain chain = options.filters.empty() ? FilterChain{} : parseFilterChain(options.filters);

  useGlCoreProfileByDefault();
  QApplication app(argc, argv);
  QCoreApplication::setOrganizationName(QStringLiteral("kernelcam"));
  QCoreApplication::setApplicationName(QStringLiteral("kernelcam"));

  MainWindow window;
  installDemoDock(window, appDemoRunners(), defaultMatrixDirectory());  // before restoreSettings: it reopens the dock
  QString spec = window.restoreSettings();
  if (!options.filters.empty()) window.filterDock()->setChain(chain);
  if (mode) window.setViewMode(*mode);
  auto* sources = new SourceMenu(window);
  if (!options.source.empty()) spec = QString::fromStdString(options.source);
  if (spec.isEmpty()) spec = sources->cameraCount() > 0 ? QStringLiteral("camera:0") : QStringLiteral("pattern");

  LiveController controller(window, backend);
  SourceOptions sourceOptions;
  sourceOptions.patternWidth = options.patternWidth;
  sourceOptions.patternHeight = options.patternHeight;
  sourceOptions.patternFormat = pixelFormatNamed(options.patternFormat).value_or(PixelFormat::Rgba8);
  controller.setSourceOpener([sourceOptions](const std::string& spec) { return openLiveSource(spec, sourceOptions); });
  QObject::connect(sources, &SourceMenu::camerasChanged, &controller, &LiveController::camerasChanged);
  QObject::connect(&window, &MainWindow::closing, &controller,
                   [&] { window.saveSettings(controller.sourceSpec()); });
  controller.start(spec);
  window.show();
  return app.exec();
}

}  // namespace kc
