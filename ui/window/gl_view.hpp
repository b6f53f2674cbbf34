#pragma once
// The window's GL surface: a QOpenGLWidget that owns the GlRenderer. Whoever feeds frames
// (the live controller) hooks in through setFrameHook(): it runs at the start of paintGL with
// the context current, so CUDA-GL interop and buffer uploads happen where GL wants them.
#include <QOpenGLWidget>
#include <functional>

#include "ui/render/gl_renderer.hpp"

namespace kc {

// GL 3.3 core for every QOpenGLWidget/QOpenGLContext: call before QApplication exists.
void useGlCoreProfileByDefault();

class GlView : public QOpenGLWidget {
  Q_OBJECT
 public:
  explicit GlView(QWidget* parent = nullptr);
  ~GlView() override;

  GlRenderer& renderer() { return renderer_; }
  // Runs in paintGL before drawing; exceptions become renderError() (what a person reads, and
  // the full text with its source location for the details).
  void setFrameHook(std::function<void(GlRenderer&)> hook) { frameHook_ = std::move(hook); }
  bool glReady() const { return glReady_; }

 signals:
  void renderError(const QString& message, const QString& details);
  // Emitted with the context current before the renderer's GL objects go: CUDA registrations of
  // its buffers must be dropped now.
  void glAboutToRelease();
  void splitMoved(double fraction);

 protected:
  void initializeGL() override;
  void paintGL() override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;

 private:
  void releaseGl();
  void dragSplit(double x);

  GlRenderer renderer_;
  std::function<void(GlRenderer&)> frameHook_;
  bool glReady_ = false;
};

}  // namespace kc
