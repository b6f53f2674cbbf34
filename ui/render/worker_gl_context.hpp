#pragma once
// A GL context for a worker thread that shares its objects (buffers, sync objects) with another
// context, the view's: made on the GUI thread (Qt wants surfaces made there), handed to the
// worker thread, current there while the worker runs. Qt only, no GLEW: Qt's GL headers and
// GLEW stay in separate translation units (gl_objects.hpp says why).
#include <memory>
#include <string>

class QOffscreenSurface;
class QOpenGLContext;
class QThread;

namespace kc {

class WorkerGlContext {
 public:
  // GUI thread. Throws kc::Error saying why when the platform cannot share a context with
  // `shareWith` on another thread (no threaded GL, creation failed, contexts not sharing).
  explicit WorkerGlContext(QOpenGLContext& shareWith);
  // GUI thread, after the worker thread has released the context (release()).
  ~WorkerGlContext();
  WorkerGlContext(const WorkerGlContext&) = delete;
  WorkerGlContext& operator=(const WorkerGlContext&) = delete;

  void moveToThread(QThread& worker);  // GUI thread, before the worker starts
  void makeCurrent();                  // worker thread; throws kc::Error
  void release();                      // worker thread, last: done current, the context deleted there

 private:
  std::unique_ptr<QOffscreenSurface> surface_;
  std::unique_ptr<QOpenGLContext> context_;
};

}  // namespace kc
