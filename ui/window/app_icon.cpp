#include "ui/window/app_icon.hpp"

// Q_INIT_RESOURCE declares a function of the global namespace: call it from there. A static
// library's resources are only linked in when something names them.
static void initIconResources() { Q_INIT_RESOURCE(icons); }

namespace kc {

QIcon kernelcamIcon() {
  initIconResources();
  QIcon builtIn;
  for (int size : {16, 32, 48, 64, 128, 256}) builtIn.addFile(QStringLiteral(":/icons/%1/kernelcam.png").arg(size));
  return QIcon::fromTheme(QStringLiteral("kernelcam"), builtIn);
}

}  // namespace kc
