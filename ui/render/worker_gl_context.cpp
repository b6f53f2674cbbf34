#include "ui/render/worker_gl_context.hpp"

#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QThread>

#include "gpu/core/error.hpp"

namespace kc {

WorkerGlContext::WorkerGlContext(QOpenGLContext& shareWith) {
  if (!QOpenGLContext::supportsThreadedOpenGL())
    throwError(__FILE__, __LINE__, "WorkerGlContext", "this Qt platform does not support GL on other threads");
  surface_ = std::make_unique<QOffscreenSurface>();
  surface_->setFormat(shareWith.format());
  surface_->create();
  if (!surface_->isValid()) throwError(__FILE__, __LINE__, "QOffscreenSurface::create", "no offscreen surface");
  context_ = std::make_unique<QOpenGLContext>();
  context_->setFormat(shareWith.format());
  context_->setShareContext(&shareWith);
  if (!context_->create()) throwError(__FILE__, __LINE__, "QOpenGLContext::create", "no context for the worker");
  if (!QOpenGLContext::areSharing(context_.get(), &shareWith))
    throwError(__FILE__, __LINE__, "QOpenGLContext::setShareContext", "the worker's context does not share the view's");
}

WorkerGlContext::~WorkerGlContext() = default;

void WorkerGlContext::moveToThread(QThread& worker) { context_->moveToThread(&worker); }

void WorkerGlContext::makeCurrent() {
  KC_REQUIRE(context_ != nullptr, "WorkerGlContext::makeCurrent after release()");
  if (!context_->makeCurrent(surface_.get()))
    throwError(__FILE__, __LINE__, "QOpenGLContext::makeCurrent", "the worker's GL context cannot be made current");
}

void WorkerGlContext::release() {
  if (!context_) return;
  context_->doneCurrent();
  context_.reset();  // on the thread it lives on
}

}  // namespace kc
