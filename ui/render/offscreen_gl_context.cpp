#include "ui/render/offscreen_gl_context.hpp"

#include <QGuiApplication>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QSurfaceFormat>
#include <vector>

// No X11 types from eglplatform.h: they clash with Qt's names (None, Bool, ...).
#define EGL_NO_X11
#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "gpu/core/error.hpp"

namespace kc {

namespace {

std::string eglErrorText(const char* what) {
  char text[96];
  std::snprintf(text, sizeof text, "%s failed (EGL error 0x%04x)", what, static_cast<unsigned>(eglGetError()));
  return text;
}

}  // namespace

struct OffscreenGlContext::Impl {
  std::string kind;
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLContext context = EGL_NO_CONTEXT;
  EGLSurface surface = EGL_NO_SURFACE;
  std::unique_ptr<QOffscreenSurface> qtSurface;
  std::unique_ptr<QOpenGLContext> qtContext;

  ~Impl() {
    if (display != EGL_NO_DISPLAY) {
      eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      if (surface != EGL_NO_SURFACE) eglDestroySurface(display, surface);
      if (context != EGL_NO_CONTEXT) eglDestroyContext(display, context);
      eglTerminate(display);
    }
    if (qtContext) qtContext->doneCurrent();
  }

  void makeCurrent() {
    if (qtContext) {
      if (!qtContext->makeCurrent(qtSurface.get()))
        throwError(__FILE__, __LINE__, "QOpenGLContext::makeCurrent", "failed");
      return;
    }
    if (!eglMakeCurrent(display, surface, surface, context))
      throwError(__FILE__, __LINE__, "eglMakeCurrent", eglErrorText("eglMakeCurrent"));
  }

  // Initialises `candidate` and makes a GL 3.3 core context current on it; on failure leaves
  // nothing behind and returns the reason.
  std::string tryEgl(EGLDisplay candidate) {
    if (candidate == EGL_NO_DISPLAY) return "no display";
    EGLint major = 0, minor = 0;
    if (!eglInitialize(candidate, &major, &minor)) return eglErrorText("eglInitialize");
    display = candidate;
    auto fail = [&](const char* what) {
      std::string reason = eglErrorText(what);
      if (context != EGL_NO_CONTEXT) eglDestroyContext(display, context);
      eglTerminate(display);
      display = EGL_NO_DISPLAY;
      context = EGL_NO_CONTEXT;
      surface = EGL_NO_SURFACE;
      return reason;
    };
    if (!eglBindAPI(EGL_OPENGL_API)) return fail("eglBindAPI(EGL_OPENGL_API)");
    const EGLint pbufferConfig[] = {
        EGL_SURFACE_TYPE,    EGL_PBUFFER_BIT, EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
        EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,  EGL_NONE};
    const EGLint anyConfig[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    EGLConfig config = nullptr;
    EGLint count = 0;
    bool pbuffer = eglChooseConfig(display, pbufferConfig, &config, 1, &count) && count > 0;
    // Mesa's device platform offers no pbuffer configs: render surfaceless (into our FBO).
    if (!pbuffer && !(eglChooseConfig(display, anyConfig, &config, 1, &count) && count > 0))
      return fail("eglChooseConfig");
    const EGLint contextAttributes[] = {
        EGL_CONTEXT_MAJOR_VERSION,           3,       EGL_CONTEXT_MINOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK,
        EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    context = eglCreateContext(display, config, EGL_NO_CONTEXT, contextAttributes);
    if (context == EGL_NO_CONTEXT) return fail("eglCreateContext(GL 3.3 core)");
    if (pbuffer) {
      const EGLint size[] = {EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE};
      surface = eglCreatePbufferSurface(display, config, size);
      if (surface == EGL_NO_SURFACE) return fail("eglCreatePbufferSurface");
    }
    if (!eglMakeCurrent(display, surface, surface, context)) {
      if (surface != EGL_NO_SURFACE) eglDestroySurface(display, surface);
      return fail("eglMakeCurrent");
    }
    return {};
  }

  std::string tryEglDevice() {
    auto queryDevices = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
    auto platformDisplay =
        reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
    if (!queryDevices || !platformDisplay) return "EGL_EXT_device_enumeration/platform_base missing";
    EGLDeviceEXT devices[16];
    EGLint count = 0;
    if (!queryDevices(16, devices, &count) || count == 0) return "eglQueryDevicesEXT found no device";
    std::string reasons;
    // The first device that gives a context: NVIDIA lists its GPUs first, Mesa its software device.
    for (EGLint i = 0; i < count; ++i) {
      std::string reason = tryEgl(platformDisplay(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr));
      if (reason.empty()) return {};
      reasons += "device " + std::to_string(i) + ": " + reason + "; ";
    }
    return reasons;
  }

  std::string tryQt() {
    if (!QGuiApplication::instance()) return "no QGuiApplication";
    QSurfaceFormat format;
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    qtContext = std::make_unique<QOpenGLContext>();
    qtContext->setFormat(format);
    if (!qtContext->create()) {
      qtContext.reset();
      return "QOpenGLContext::create failed";
    }
    qtSurface = std::make_unique<QOffscreenSurface>();
    qtSurface->setFormat(qtContext->format());
    qtSurface->create();
    if (!qtContext->makeCurrent(qtSurface.get())) {
      qtContext.reset();
      qtSurface.reset();
      return "QOpenGLContext::makeCurrent failed";
    }
    return {};
  }
};

OffscreenGlContext::OffscreenGlContext() : impl_(std::make_unique<Impl>()) {
  std::string device = impl_->tryEglDevice();
  if (device.empty()) {
    impl_->kind = "EGL device";
    return;
  }
  std::string fallback = impl_->tryEgl(eglGetDisplay(EGL_DEFAULT_DISPLAY));
  if (fallback.empty()) {
    impl_->kind = "EGL default display";
    return;
  }
  std::string qt = impl_->tryQt();
  if (qt.empty()) {
    impl_->kind = "Qt offscreen";
    return;
  }
  throwError(
      __FILE__, __LINE__, "OffscreenGlContext",
      "no headless GL 3.3 context: EGL device: " + device + " | EGL default display: " + fallback + " | Qt: " + qt);
}

OffscreenGlContext::~OffscreenGlContext() = default;

const std::string& OffscreenGlContext::kind() const { return impl_->kind; }
void OffscreenGlContext::makeCurrent() { impl_->makeCurrent(); }

}  // namespace kc
