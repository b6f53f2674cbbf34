#include "ui/window/gl_view.hpp"

#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QSurfaceFormat>
#include <cstdio>
#include <exception>

#include "ui/window/notice_area.hpp"

namespace kc {

void useGlCoreProfileByDefault() {
  QSurfaceFormat format = QSurfaceFormat::defaultFormat();
  format.setVersion(3, 3);
  format.setProfile(QSurfaceFormat::CoreProfile);
  // Frames arrive at the camera's rate; vsync would only add latency on top.
  format.setSwapInterval(0);
  QSurfaceFormat::setDefaultFormat(format);
}

GlView::GlView(QWidget* parent) : QOpenGLWidget(parent) {
  setMinimumSize(320, 180);
  setMouseTracking(false);
}

GlView::~GlView() { releaseGl(); }

void GlView::initializeGL() {
  // The context can be recreated (the widget moved to another top-level, full screen on some
  // platforms): free our objects while the old one is still current.
  connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, &GlView::releaseGl, Qt::DirectConnection);
  // KC_PRINT_GL (scripts/device/window-on-gpu.sh): say which GL the window got, on stderr.
  if (qEnvironmentVariableIsSet("KC_PRINT_GL")) {
    const auto text = [this](GLenum name) {
      const GLubyte* value = context()->functions()->glGetString(name);
      return value ? reinterpret_cast<const char*>(value) : "?";
    };
    std::fprintf(stderr, "kernelcam: window GL: GL_VENDOR %s | GL_RENDERER %s | GL_VERSION %s\n", text(GL_VENDOR),
                 text(GL_RENDERER), text(GL_VERSION));
  }
  try {
    renderer_.initialize();
    glReady_ = true;
  } catch (const std::exception& error) {
    emit renderError(userMessage(error), QString::fromStdString(error.what()));
  }
}

void GlView::paintGL() {
  if (!glReady_) return;
  try {
    if (frameHook_) frameHook_(renderer_);
    const qreal ratio = devicePixelRatioF();
    renderer_.render(static_cast<int>(width() * ratio + 0.5), static_cast<int>(height() * ratio + 0.5));
  } catch (const std::exception& error) {
    emit renderError(userMessage(error), QString::fromStdString(error.what()));
  }
}

void GlView::releaseGl() {
  if (!glReady_) return;
  makeCurrent();
  emit glAboutToRelease();
  renderer_.releaseGl();
  doneCurrent();
  glReady_ = false;
}

void GlView::dragSplit(double x) {
  if (renderer_.viewMode() != ViewMode::Split || width() <= 0) return;
  renderer_.setSplitPosition(x / width());
  emit splitMoved(renderer_.splitPosition());
  update();
}

void GlView::mousePressEvent(QMouseEvent* event) { dragSplit(event->position().x()); }
void GlView::mouseMoveEvent(QMouseEvent* event) {
  if (event->buttons() & Qt::LeftButton) dragSplit(event->position().x());
}

}  // namespace kc
