#include "gpu/interop/gl_buffer_registration.cuh"

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
      *why = std::string("the GL context is not on a CUDA device (cudaGLGetDevices: ") + cudaGetErrorName(status) +
             ")";
    return false;
  }
  for (unsigned i = 0; i < count && i < 8; ++i)
    if (devices[i] == cudaDevice) return true;
  if (why) *why = "the GL context runs on another GPU than CUDA device " + std::to_string(cudaDevice);
  return false;
}

GlBufferRegistration::GlBufferRegistration(unsigned glBuffer) : buffer_(glBuffer) {
  KC_CUDA_CHECK(cudaGraphicsGLRegisterBuffer(&resource_, static_cast<GLuint>(glBuffer),
                                             cudaGraphicsRegisterFlagsWriteDiscard));
}

GlBufferRegistration::~GlBufferRegistration() {
  if (resource_) (void)cudaGraphicsUnregisterResource(resource_);
}

GlBufferRegistration::GlBufferRegistration(GlBufferRegistration&& other) noexcept
    : buffer_(std::exchange(other.buffer_, 0u)), resource_(std::exchange(other.resource_, nullptr)) {}

GlBufferRegistration& GlBufferRegistration::operator=(GlBufferRegistration&& other) noexcept {
  std::swap(buffer_, other.buffer_);
  std::swap(resource_, other.resource_);
  return *this;
}

MappedGlBufferPair::MappedGlBufferPair(GlBufferRegistration& first, GlBufferRegistration& second,
                                       cudaStream_t stream)
    : resources_{first.resource(), second.resource()}, stream_(stream) {
  KC_REQUIRE(first.registered() && second.registered(), "MappedGlBufferPair: buffer not registered");
  KC_CUDA_CHECK(cudaGraphicsMapResources(2, resources_, stream_));
  mapped_ = true;
}

MappedGlBufferPair::~MappedGlBufferPair() {
  if (mapped_) (void)cudaGraphicsUnmapResources(2, resources_, stream_);
}

void MappedGlBufferPair::unmap() {
  if (!mapped_) return;
  mapped_ = false;
  KC_CUDA_CHECK(cudaGraphicsUnmapResources(2, resources_, stream_));
}

void* MappedGlBufferPair::pointer(int i, std::size_t* bytes) const {
  void* ptr = nullptr;
  std::size_t size = 0;
  KC_CUDA_CHECK(cudaGraphicsResourceGetMappedPointer(&ptr, &size, resources_[i]));
  if (bytes) *bytes = size;
  return ptr;
}

}  // namespace kc
