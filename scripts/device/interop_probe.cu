// Experiment, not part of the product: where the GPU time of CUDA-GL texture interop goes, per
// frame, on an EGL device context (no X). Each variant runs a loop the way the live view does
// (the host never waits inside it) and reports wall microseconds per iteration after a final sync.
// Build here: nvcc -O2 -arch=sm_90 scripts/device/interop_probe.cu -o probe -lEGL -lOpenGL -lcuda, then
// ../shared/tools/pack-for-device.sh probe (the glvnd loaders) and run .carry/bin/probe there.
// Results (H200, 2026-11-26): docs/PERFORMANCE.md, "CUDA keeps the headless view's textures".
#define EGL_NO_X11
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <cuda.h>
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <vector>

#define CK(x)                                                                          \
  do {                                                                                 \
    cudaError_t e_ = (x);                                                              \
    if (e_ != cudaSuccess) {                                                           \
      std::printf("%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_));   \
      std::exit(1);                                                                    \
    }                                                                                  \
  } while (0)
#define CU(x)                                                          \
  do {                                                                 \
    CUresult r_ = (x);                                                 \
    if (r_ != CUDA_SUCCESS) {                                          \
      const char* s_ = nullptr;                                        \
      cuGetErrorString(r_, &s_);                                       \
      std::printf("%s:%d %s: %s\n", __FILE__, __LINE__, #x, s_);       \
      std::exit(1);                                                    \
    }                                                                  \
  } while (0)

template <class F>
F load(const char* name) {
  auto f = reinterpret_cast<F>(eglGetProcAddress(name));
  if (!f) std::printf("missing GL function %s\n", name);
  return f;
}

PFNGLTEXSTORAGE2DPROC pTexStorage2D;
PFNGLCREATEMEMORYOBJECTSEXTPROC pCreateMemoryObjects;
PFNGLIMPORTMEMORYFDEXTPROC pImportMemoryFd;
PFNGLTEXSTORAGEMEM2DEXTPROC pTexStorageMem2D;
PFNGLGENBUFFERSPROC pGenBuffers;
PFNGLBINDBUFFERPROC pBindBuffer;
PFNGLBUFFERSTORAGEMEMEXTPROC pBufferStorageMem;
PFNGLGETBUFFERSUBDATAPROC pGetBufferSubData;
PFNGLMEMORYOBJECTPARAMETERIVEXTPROC pMemoryObjectParameteriv;
PFNGLGETSTRINGIPROC pGetStringi;

__global__ void writeR8(cudaSurfaceObject_t s, int w, int h, unsigned char v) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) surf2Dwrite<unsigned char>(static_cast<unsigned char>(v + x + y), s, x, y);
}
__global__ void writeRgba(cudaSurfaceObject_t s, int w, int h, unsigned char v) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) surf2Dwrite(make_uchar4(v, v, v, 255), s, x * 4, y);
}
__global__ void writeLinear(unsigned char* p, size_t pitch, int w, int h, unsigned char v) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) p[y * pitch + x] = static_cast<unsigned char>(v + x + y);
}

dim3 grid(int w, int h) { return dim3((w + 31) / 32, (h + 7) / 8); }
const dim3 block(32, 8);

cudaSurfaceObject_t surfaceOf(cudaArray_t a) {
  cudaResourceDesc d{};
  d.resType = cudaResourceTypeArray;
  d.res.array.array = a;
  cudaSurfaceObject_t s = 0;
  CK(cudaCreateSurfaceObject(&s, &d));
  return s;
}

GLuint makeTexture(GLenum format, int w, int h) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  pTexStorage2D(GL_TEXTURE_2D, 1, format, w, h);
  glBindTexture(GL_TEXTURE_2D, 0);
  return t;
}

double timeLoop(const char* name, int iterations, const std::function<void(int)>& body) {
  for (int i = 0; i < 100; ++i) body(i);
  CK(cudaDeviceSynchronize());
  glFinish();
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < iterations; ++i) body(i);
  CK(cudaDeviceSynchronize());
  glFinish();
  const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() / iterations;
  std::printf("%-70s %8.1f us/iter  (%6.0f /s)\n", name, us, 1e6 / us);
  return us;
}

bool hasExtension(const char* name) {
  GLint n = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &n);
  for (GLint i = 0; i < n; ++i)
    if (!std::strcmp(reinterpret_cast<const char*>(pGetStringi(GL_EXTENSIONS, i)), name)) return true;
  return false;
}

// CUDA memory (VMM, exportable as an fd) of at least `bytes`; returns the device pointer and fd.
struct Exported {
  CUdeviceptr ptr = 0;
  size_t size = 0;
  int fd = -1;
};
Exported exportable(size_t bytes) {
  CUmemAllocationProp prop{};
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = 0;
  prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
  size_t granularity = 0;
  CU(cuMemGetAllocationGranularity(&granularity, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM));
  Exported e;
  e.size = (bytes + granularity - 1) / granularity * granularity;
  CUmemGenericAllocationHandle handle;
  CU(cuMemCreate(&handle, e.size, &prop, 0));
  CU(cuMemAddressReserve(&e.ptr, e.size, 0, 0, 0));
  CU(cuMemMap(e.ptr, e.size, 0, handle, 0));
  CUmemAccessDesc access{};
  access.location = prop.location;
  access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  CU(cuMemSetAccess(e.ptr, e.size, &access, 1));
  CU(cuMemExportToShareableHandle(&e.fd, handle, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0));
  return e;
}

// GL imports the fd (GL owns the fd afterwards).
GLuint importMemory(const Exported& e) {
  GLuint memory = 0;
  pCreateMemoryObjects(1, &memory);
  GLint dedicated = GL_FALSE;
  pMemoryObjectParameteriv(memory, GL_DEDICATED_MEMORY_OBJECT_EXT, &dedicated);
  pImportMemoryFd(memory, e.size, GL_HANDLE_TYPE_OPAQUE_FD_EXT, e.fd);
  const GLenum err = glGetError();
  if (err) std::printf("glImportMemoryFdEXT: GL error 0x%x\n", err);
  return memory;
}

// Texture over imported memory with linear tiling; checks which row pitch GL reads with.
void linearTextureCheck(int w, int h) {
  const size_t pitch = static_cast<size_t>(w);
  Exported e = exportable(pitch * h + (1 << 20));
  GLuint memory = importMemory(e);
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_TILING_EXT, GL_LINEAR_TILING_EXT);
  pTexStorageMem2D(GL_TEXTURE_2D, 1, GL_R8, w, h, memory, 0);
  GLenum err = glGetError();
  std::printf("linear-tiling R8 %dx%d over imported memory: GL error 0x%x\n", w, h, err);
  if (err) return;
  // Pitches CUDA might write with; GL reads back; count matching pixels for each.
  for (size_t tryPitch : {pitch, (pitch + 63) / 64 * 64, (pitch + 255) / 256 * 256, (pitch + 511) / 512 * 512}) {
    CK(cudaMemset(reinterpret_cast<void*>(e.ptr), 0, e.size));
    writeLinear<<<grid(w, h), block>>>(reinterpret_cast<unsigned char*>(e.ptr), tryPitch, w, h, 7);
    CK(cudaDeviceSynchronize());
    std::vector<unsigned char> back(static_cast<size_t>(w) * h);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_BYTE, back.data());
    size_t ok = 0;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) ok += back[static_cast<size_t>(y) * w + x] == static_cast<unsigned char>(7 + x + y);
    std::printf("  CUDA pitch %zu: %zu of %zu pixels read back right\n", tryPitch, ok, back.size());
  }
}

int main() {
  auto queryDevices = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
  auto platformDisplay = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
  EGLDeviceEXT devices[8];
  EGLint count = 0;
  queryDevices(8, devices, &count);
  EGLDisplay display = platformDisplay(EGL_PLATFORM_DEVICE_EXT, devices[0], nullptr);
  eglInitialize(display, nullptr, nullptr);
  eglBindAPI(EGL_OPENGL_API);
  const EGLint configAttributes[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
  EGLConfig config;
  eglChooseConfig(display, configAttributes, &config, 1, &count);
  const EGLint contextAttributes[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                                      EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, contextAttributes);
  const EGLint size[] = {EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE};
  EGLSurface surface = eglCreatePbufferSurface(display, config, size);
  if (!eglMakeCurrent(display, surface, surface, context)) {
    std::printf("no EGL context\n");
    return 1;
  }
  pTexStorage2D = load<PFNGLTEXSTORAGE2DPROC>("glTexStorage2D");
  pCreateMemoryObjects = load<PFNGLCREATEMEMORYOBJECTSEXTPROC>("glCreateMemoryObjectsEXT");
  pImportMemoryFd = load<PFNGLIMPORTMEMORYFDEXTPROC>("glImportMemoryFdEXT");
  pTexStorageMem2D = load<PFNGLTEXSTORAGEMEM2DEXTPROC>("glTexStorageMem2DEXT");
  pGenBuffers = load<PFNGLGENBUFFERSPROC>("glGenBuffers");
  pBindBuffer = load<PFNGLBINDBUFFERPROC>("glBindBuffer");
  pBufferStorageMem = load<PFNGLBUFFERSTORAGEMEMEXTPROC>("glBufferStorageMemEXT");
  pGetBufferSubData = load<PFNGLGETBUFFERSUBDATAPROC>("glGetBufferSubData");
  pMemoryObjectParameteriv = load<PFNGLMEMORYOBJECTPARAMETERIVEXTPROC>("glMemoryObjectParameterivEXT");
  pGetStringi = load<PFNGLGETSTRINGIPROC>("glGetStringi");
  std::printf("GL %s | %s\n", glGetString(GL_VERSION), glGetString(GL_RENDERER));
  for (const char* ext : {"GL_EXT_memory_object", "GL_EXT_memory_object_fd", "GL_EXT_semaphore", "GL_EXT_semaphore_fd",
                          "GL_NV_draw_texture", "GL_ARB_texture_buffer_object"})
    std::printf("  %s: %s\n", ext, hasExtension(ext) ? "yes" : "no");
  CK(cudaSetDevice(0));
  CU(cuInit(0));

  const int W = 3840, H = 2160;
  const int N = std::getenv("PROBE_N") ? std::atoi(std::getenv("PROBE_N")) : 2000;
  cudaStream_t s, up;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  CK(cudaStreamCreateWithFlags(&up, cudaStreamNonBlocking));

  // Plain CUDA arrays: the kernels alone.
  cudaArray_t r8Array, rgbaArray;
  cudaChannelFormatDesc r8 = cudaCreateChannelDesc<unsigned char>(), rgba = cudaCreateChannelDesc<uchar4>();
  CK(cudaMallocArray(&r8Array, &r8, W, H, cudaArraySurfaceLoadStore));
  CK(cudaMallocArray(&rgbaArray, &rgba, W, H, cudaArraySurfaceLoadStore));
  cudaSurfaceObject_t r8Surface = surfaceOf(r8Array), rgbaSurface = surfaceOf(rgbaArray);
  timeLoop("A  kernel R8 4K into a CUDA array", N, [&](int i) { writeR8<<<grid(W, H), block, 0, s>>>(r8Surface, W, H, i); });
  timeLoop("A2 kernels R8 + RGBA 4K into CUDA arrays", N, [&](int i) {
    writeR8<<<grid(W, H), block, 0, s>>>(r8Surface, W, H, i);
    writeRgba<<<grid(W, H), block, 0, s>>>(rgbaSurface, W, H, i);
  });

  // Registered GL textures, mapped and unmapped every iteration.
  GLuint r8Texture = makeTexture(GL_R8, W, H), rgbaTexture = makeTexture(GL_RGBA8, W, H);
  cudaGraphicsResource_t resources[2];
  const unsigned flags = cudaGraphicsRegisterFlagsSurfaceLoadStore | cudaGraphicsRegisterFlagsWriteDiscard;
  CK(cudaGraphicsGLRegisterImage(&resources[0], r8Texture, GL_TEXTURE_2D, flags));
  CK(cudaGraphicsGLRegisterImage(&resources[1], rgbaTexture, GL_TEXTURE_2D, flags));
  auto mapped = [&](int k, int i, bool kernels, bool flush) {
    CK(cudaGraphicsMapResources(k, resources, s));
    if (kernels) {
      cudaArray_t a;
      CK(cudaGraphicsSubResourceGetMappedArray(&a, resources[0], 0, 0));
      cudaSurfaceObject_t so = surfaceOf(a);
      writeR8<<<grid(W, H), block, 0, s>>>(so, W, H, i);
      cudaDestroySurfaceObject(so);
      if (k == 2) {
        CK(cudaGraphicsSubResourceGetMappedArray(&a, resources[1], 0, 0));
        so = surfaceOf(a);
        writeRgba<<<grid(W, H), block, 0, s>>>(so, W, H, i);
        cudaDestroySurfaceObject(so);
      }
    }
    CK(cudaGraphicsUnmapResources(k, resources, s));
    if (flush) glFlush();
  };
  timeLoop("B  map R8 texture, kernel, unmap", N, [&](int i) { mapped(1, i, true, false); });
  timeLoop("C  map R8 texture, kernel, unmap, glFlush", N, [&](int i) { mapped(1, i, true, true); });
  timeLoop("D  map R8 texture, unmap (no kernel)", N, [&](int i) { mapped(1, i, false, false); });
  timeLoop("D2 map R8 texture, unmap, glFlush (no kernel)", N, [&](int i) { mapped(1, i, false, true); });
  timeLoop("E  map R8+RGBA pair, 2 kernels, unmap, glFlush (the NV12 grey view)", N,
           [&](int i) { mapped(2, i, true, true); });

  // With the Y-plane upload on a second stream, as the pipeline does.
  unsigned char *hostY, *deviceY;
  CK(cudaMallocHost(&hostY, static_cast<size_t>(W) * H));
  CK(cudaMalloc(&deviceY, static_cast<size_t>(W) * H));
  cudaEvent_t uploaded;
  CK(cudaEventCreateWithFlags(&uploaded, cudaEventDisableTiming));
  timeLoop("F0 upload 8.3 MB Y plane only", N, [&](int) {
    CK(cudaMemcpyAsync(deviceY, hostY, static_cast<size_t>(W) * H, cudaMemcpyHostToDevice, up));
  });
  timeLoop("F  upload (stream B) + A2 kernels (stream A after it)", N, [&](int i) {
    CK(cudaMemcpyAsync(deviceY, hostY, static_cast<size_t>(W) * H, cudaMemcpyHostToDevice, up));
    CK(cudaEventRecord(uploaded, up));
    CK(cudaStreamWaitEvent(s, uploaded));
    writeR8<<<grid(W, H), block, 0, s>>>(r8Surface, W, H, i);
    writeRgba<<<grid(W, H), block, 0, s>>>(rgbaSurface, W, H, i);
  });
  timeLoop("G  upload (stream B) + E (stream A after it)", N, [&](int i) {
    CK(cudaMemcpyAsync(deviceY, hostY, static_cast<size_t>(W) * H, cudaMemcpyHostToDevice, up));
    CK(cudaEventRecord(uploaded, up));
    CK(cudaStreamWaitEvent(s, uploaded));
    mapped(2, i, true, true);
  });

  // External memory: CUDA memory GL imports once; nothing per iteration but the kernel.
  if (hasExtension("GL_EXT_memory_object_fd")) {
    Exported e = exportable(static_cast<size_t>(W) * H);
    GLuint memory = importMemory(e);
    GLuint buffer = 0;
    pGenBuffers(1, &buffer);
    pBindBuffer(GL_TEXTURE_BUFFER, buffer);
    pBufferStorageMem(GL_TEXTURE_BUFFER, static_cast<GLsizeiptr>(W) * H, memory, 0);
    std::printf("buffer over imported memory: GL error 0x%x\n", glGetError());
    timeLoop("H  kernel R8 4K into imported linear memory (no map)", N, [&](int i) {
      writeLinear<<<grid(W, H), block, 0, s>>>(reinterpret_cast<unsigned char*>(e.ptr), W, W, H, i);
    });
    CK(cudaDeviceSynchronize());
    std::vector<unsigned char> back(static_cast<size_t>(W) * H);
    pGetBufferSubData(GL_TEXTURE_BUFFER, 0, static_cast<GLsizeiptr>(back.size()), back.data());
    size_t ok = 0;
    const unsigned char last = static_cast<unsigned char>(N - 1);
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) ok += back[static_cast<size_t>(y) * W + x] == static_cast<unsigned char>(last + x + y);
    std::printf("  GL reads the buffer CUDA wrote: %zu of %zu bytes right\n", ok, back.size());
    linearTextureCheck(W, H);
    linearTextureCheck(1921, 1079);
    linearTextureCheck(17, 3);
  }
  std::printf("probe done\n");
  return 0;
}
