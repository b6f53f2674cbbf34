#pragma once
// A GL 3.3 core context without a window, for the headless view (`process --view`) and tests.
// Tries, in order:
//   1. EGL device platform (eglQueryDevicesEXT + EGL_PLATFORM_DEVICE_EXT): NVIDIA GPUs without
//      an X server, and Mesa's software device;
//   2. eglGetDisplay(EGL_DEFAULT_DISPLAY) (Mesa; on NVIDIA only while DISPLAY is unset);
//   3. Qt's QOffscreenSurface + QOpenGLContext (needs a QGuiApplication).
// The context is current on the calling thread for the object's lifetime; rendering goes into a
// framebuffer object the caller makes (the surface is a 1x1 pbuffer, or none).
#include <memory>
#include <string>

namespace kc {

class OffscreenGlContext {
 public:
  OffscreenGlContext();  // throws kc::Error listing why each way failed
  ~OffscreenGlContext();
  OffscreenGlContext(const OffscreenGlContext&) = delete;
  OffscreenGlContext& operator=(const OffscreenGlContext&) = delete;

  const std::string& kind() const;  // "EGL device", "EGL default display", "Qt offscreen"
  void makeCurrent();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace kc
