#include "gpu/interop/gl_registration.cuh"

// cuda_gl_interop.h needs the GL types declared first.
#include <GL/gl.h>
#include <cuda_gl_interop.h>

#include <utility>

#include "gpu/core/cuda_check.cuh"

namespace kc {

bool glContextIsOnCudaDevice(int cudaDevice, std::string* why) {
  unsigned count = 0;
  int devices[8] = {};
  const cudaError_t status = cudaGLGetDevices(&count, devices, 8, cudaGLDeviceListAll);
  if (status != cudaSuccess) {
    (void)cudaGetLastError();
    if (why)
      *why = std::string("the GL context is not on a CUDA device (cudaGLGetDevices: ") + cudaGetErrorName(status) + ")";
    return false;
  }
  for (unsigned i = 0; i < count && i < 8; ++i)
    if (devices[i] == cudaDevice) return true;
  if (why) *why = "the GL context runs on another GPU than CUDA device " + std::to_string(cudaDevice);
  return false;
}

GlRegistration GlRegistration::buffer(unsigned glBuffer) {
  GlRegistration r;
  KC_CUDA_CHECK(
      cudaGraphicsGLRegisterBuffer(&r.resource_, static_cast<GLuint>(glBuffer), cudaGraphicsRegisterFlagsWriteDiscard));
  r.name_ = glBuffer;
  return r;
}

GlRegistration GlRegistration::texture(unsigned glTexture) {
  GlRegistration r;
  KC_CUDA_CHECK(
      cudaGraphicsGLRegisterImage(&r.resource_, static_cast<GLuint>(glTexture), GL_TEXTURE_2D,
                                  cudaGraphicsRegisterFlagsWriteDiscard | cudaGraphicsRegisterFlagsSurfaceLoadStore));
  r.name_ = glTexture;
  return r;
}

// Destructors ignore failures: the GL context may be gone already (a headless view's ends before
// its pipeline), and then nothing is left to release. The runtime's last error is cleared too, or
// it would surface at the next, unrelated kernel launch ("invalid OpenGL or DirectX context").
GlRegistration::~GlRegistration() {
  if (resource_ && cudaGraphicsUnregisterResource(resource_) != cudaSuccess) (void)cudaGetLastError();
}

MappedGlPair::MappedGlPair(GlRegistration& first, GlRegistration& second, cudaStream_t stream)
    : resources_{first.resource(), second.resource()}, stream_(stream) {
  KC_REQUIRE(first.registered() && second.registered(), "MappedGlPair: object not registered");
  KC_CUDA_CHECK(cudaGraphicsMapResources(2, resources_, stream_));
  mapped_ = true;
}

MappedGlPair::~MappedGlPair() {
  if (mapped_ && cudaGraphicsUnmapResources(2, resources_, stream_) != cudaSuccess) (void)cudaGetLastError();
}

void MappedGlPair::unmap() {
  if (!mapped_) return;
  mapped_ = false;
  KC_CUDA_CHECK(cudaGraphicsUnmapResources(2, resources_, stream_));
}

void* MappedGlPair::pointer(int i, std::size_t* bytes) const {
  void* ptr = nullptr;
  std::size_t size = 0;
  KC_CUDA_CHECK(cudaGraphicsResourceGetMappedPointer(&ptr, &size, resources_[i]));
  if (bytes) *bytes = size;
  return ptr;
}

cudaArray_t MappedGlPair::array(int i) const {
  cudaArray_t array = nullptr;
  KC_CUDA_CHECK(cudaGraphicsSubResourceGetMappedArray(&array, resources_[i], 0, 0));
  return array;
}

}  // namespace kc
