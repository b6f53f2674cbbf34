// Issue 40 class 14 without kernelcam: after a CUDA kernel in ANOTHER process writes through a null
// pointer (Xid 31), do GL alone, CUDA alone and CUDA-GL interop in a new process still run at speed?
// On the lent H200 (driver 580.159.04) glxgears kept its frame rate after the fault while kernelcam's
// views (EGL + CUDA-GL interop) took seconds per frame with Xid 109 CTX SWITCH TIMEOUT.
// Each loop: 30 iterations, each waited for; it stops early after 15 s and says how many it did.
// Build here: nvcc -O2 -arch=sm_90 scripts/device/gl_interop_after_fault.cu -o .carry/repro/interop -lEGL -lOpenGL
// Run there: scripts/device/interop-after-fault.sh
#define EGL_NO_X11
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <functional>

static void timeLoop(const char* name, const std::function<bool()>& step) {
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  int done = 0;
  double worst = 0;
  for (; done < 30; ++done) {
    const auto t0 = clock::now();
    if (!step()) break;
    worst = std::max(worst, std::chrono::duration<double, std::milli>(clock::now() - t0).count());
    if (clock::now() - start > std::chrono::seconds(15)) {
      ++done;
      break;
    }
  }
  const double total = std::chrono::duration<double, std::milli>(clock::now() - start).count();
  std::printf("%-40s %2d iterations, %9.3f ms each, worst %9.3f ms\n", name, done, done ? total / done : 0.0, worst);
  std::fflush(stdout);
}

__global__ void fill(cudaSurfaceObject_t s, int w, int h, int v) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) surf2Dwrite(static_cast<unsigned char>(x + y + v), s, x, y);
}

int main() {
  auto queryDevices = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
  auto platformDisplay = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
  EGLDeviceEXT devices[8];
  EGLint count = 0;
  if (!queryDevices || !platformDisplay || !queryDevices(8, devices, &count) || count < 1) {
    std::printf("no EGL device\n");
    return 1;
  }
  EGLDisplay display = platformDisplay(EGL_PLATFORM_DEVICE_EXT, devices[0], nullptr);
  eglInitialize(display, nullptr, nullptr);
  eglBindAPI(EGL_OPENGL_API);
  const EGLint configAttributes[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
  EGLConfig config;
  eglChooseConfig(display, configAttributes, &config, 1, &count);
  EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, nullptr);
  const EGLint size[] = {EGL_WIDTH, 64, EGL_HEIGHT, 64, EGL_NONE};
  EGLSurface surface = eglCreatePbufferSurface(display, config, size);
  if (!eglMakeCurrent(display, surface, surface, context)) {
    std::printf("no EGL context\n");
    return 1;
  }
  std::printf("GL %s | %s\n", glGetString(GL_VERSION), glGetString(GL_RENDERER));

  const int w = 1920, h = 1080;
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, w, h, 0, GL_RED, GL_UNSIGNED_BYTE, nullptr);
  timeLoop("GL alone: clear the pbuffer, glFinish", [] {
    glClearColor(0.5f, 0.25f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glFinish();
    return true;
  });

  cudaArray_t plain = nullptr;
  cudaChannelFormatDesc r8 = cudaCreateChannelDesc<unsigned char>();
  if (cudaMallocArray(&plain, &r8, w, h, cudaArraySurfaceLoadStore) != cudaSuccess) {
    std::printf("no CUDA device\n");
    return 1;
  }
  auto surfaceOf = [](cudaArray_t a) {
    cudaResourceDesc d{};
    d.resType = cudaResourceTypeArray;
    d.res.array.array = a;
    cudaSurfaceObject_t s = 0;
    cudaCreateSurfaceObject(&s, &d);
    return s;
  };
  const dim3 block(16, 16), grid((w + 15) / 16, (h + 15) / 16);
  cudaSurfaceObject_t plainSurface = surfaceOf(plain);
  int frame = 0;
  timeLoop("CUDA alone: a kernel, synchronize", [&] {
    fill<<<grid, block>>>(plainSurface, w, h, ++frame);
    return cudaDeviceSynchronize() == cudaSuccess;
  });

  cudaGraphicsResource_t resource = nullptr;
  cudaError_t e = cudaGraphicsGLRegisterImage(&resource, texture, GL_TEXTURE_2D, cudaGraphicsRegisterFlagsSurfaceLoadStore);
  if (e != cudaSuccess) {
    std::printf("cudaGraphicsGLRegisterImage: %s\n", cudaGetErrorString(e));
    return 1;
  }
  timeLoop("interop: map, kernel, unmap, draw, glFinish", [&] {
    if (cudaGraphicsMapResources(1, &resource) != cudaSuccess) return false;
    cudaArray_t a = nullptr;
    cudaGraphicsSubResourceGetMappedArray(&a, resource, 0, 0);
    cudaSurfaceObject_t s = surfaceOf(a);
    fill<<<grid, block>>>(s, w, h, ++frame);
    cudaDestroySurfaceObject(s);
    if (cudaGraphicsUnmapResources(1, &resource) != cudaSuccess) return false;
    // GL reads what CUDA wrote: the texture copied into the pbuffer.
    glBindTexture(GL_TEXTURE_2D, texture);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 64, 64);
    glFinish();
    return cudaGetLastError() == cudaSuccess;
  });
  std::printf("done: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
