#include "app/live/gui_launcher.hpp"

#include <QApplication>
#include <QMediaDevices>

#include "app/demos/app_demo_runners.hpp"
#include "app/live/live_controller.hpp"
#include "app/live/source_menu.hpp"
#include "ui/demos/demo_dock.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"

namespace kc {

int runGui(int argc, char** argv, const GuiOptions& options) {
  const FilterChain chain = options.filters.empty() ? FilterChain{} : parseFilterChain(options.filters);

  useGlCoreProfileByDefault();
  QApplication app(argc, argv);
  QCoreApplication::setOrganizationName(QStringLiteral("kernelcam"));
  QCoreApplication::setApplicationName(QStringLiteral("kernelcam"));

  MainWindow window;
  installDemoDock(window, appDemoRunners(), defaultMatrixDirectory());  // before restoreSettings: it reopens the dock
  QString spec = window.restoreSettings();
  if (!options.filters.empty()) window.filterDock()->setChain(chain);
  auto* sources = new SourceMenu(window);
  if (!options.source.empty()) spec = QString::fromStdString(options.source);
  if (spec.isEmpty()) spec = sources->cameraCount() > 0 ? QStringLiteral("camera:0") : QStringLiteral("pattern");

  LiveController controller(window, options.backend);
  QObject::connect(sources, &SourceMenu::camerasChanged, &controller, &LiveController::camerasChanged);
  QObject::connect(&window, &MainWindow::closing, &controller,
                   [&] { window.saveSettings(controller.sourceSpec()); });
  controller.start(spec);
  window.show();
  return app.exec();
}

}  // namespace kc
