// qt_gl_window: the smallest Qt window that asks for GL the way kernelcam's does (a QOpenGLWidget in a
// QMainWindow, default format GL 3.3 core with swap interval 0: ui/window/gl_view.cpp), for
// scripts/device/window-on-gpu.sh to tell Qt's GL set-up apart from the rest of the app.
// Prints "qt_gl_window: GL_VENDOR ... | GL_RENDERER ... | GL_VERSION ..." from initializeGL, paints a
// green-to-blue gradient for MS milliseconds (default 3000), saves the widget's framebuffer (what GL drew,
// whether or not it reaches the X server) to OUT.png if given, and exits 0; exits 2 if initializeGL never ran.
//   qt_gl_window [MS] [OUT.png]
// Build: g++ -O2 -fPIC -std=c++17 qt_gl_window.cpp $(pkg-config --cflags --libs Qt6Widgets Qt6OpenGLWidgets) -o qt_gl_window
#include <QApplication>
#include <QMainWindow>
#include <QOpenGLFunctions>
#include <QOpenGLWidget>
#include <QSurfaceFormat>
#include <QTimer>
#include <cstdio>
#include <cstdlib>

namespace {

class View : public QOpenGLWidget, protected QOpenGLFunctions {
 public:
  bool initialized = false;
  int frames = 0;

 protected:
  void initializeGL() override {
    initializeOpenGLFunctions();
    initialized = true;
    const auto text = [this](GLenum name) {
      const GLubyte* s = glGetString(name);
      return s ? reinterpret_cast<const char*>(s) : "?";
    };
    const QSurfaceFormat f = context()->format();
    std::printf("qt_gl_window: GL_VENDOR %s | GL_RENDERER %s | GL_VERSION %s | context %d.%d %s, r%d g%d b%d a%d\n",
                text(GL_VENDOR), text(GL_RENDERER), text(GL_VERSION), f.majorVersion(), f.minorVersion(),
                f.profile() == QSurfaceFormat::CoreProfile ? "core" : "not core", f.redBufferSize(),
                f.greenBufferSize(), f.blueBufferSize(), f.alphaBufferSize());
    std::fflush(stdout);
  }
  void paintGL() override {
    const float t = static_cast<float>(frames++ % 60) / 59.0f;
    glClearColor(0.0f, 1.0f - t, t, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    update();  // keep painting: frames counts what the window presented
  }
};

}  // namespace

int main(int argc, char** argv) {
  QSurfaceFormat format = QSurfaceFormat::defaultFormat();
  format.setVersion(3, 3);
  format.setProfile(QSurfaceFormat::CoreProfile);
  format.setSwapInterval(0);
  QSurfaceFormat::setDefaultFormat(format);
  QApplication app(argc, argv);
  const int ms = argc > 1 ? std::atoi(argv[1]) : 3000;
  const QString out = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QString();
  QMainWindow window;
  auto* view = new View;
  window.setCentralWidget(view);
  window.resize(640, 360);
  window.show();
  int status = 0;
  QTimer::singleShot(ms, [&] {
    if (!view->initialized) {
      std::printf("qt_gl_window: initializeGL never ran (platform %s)\n", qPrintable(QGuiApplication::platformName()));
      status = 2;
    } else {
      std::printf("qt_gl_window: %d frames painted in %d ms (platform %s)\n", view->frames, ms,
                  qPrintable(QGuiApplication::platformName()));
      if (!out.isEmpty()) view->grabFramebuffer().save(out, "PNG");
    }
    app.exit(status);
  });
  app.exec();
  return status;
}
