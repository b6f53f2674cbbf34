// Stand-in for builds without GL headers: there is no interop, so the pipeline's copy path runs.
#include <utility>

#include "gpu/core/error.hpp"
#include "gpu/interop/gl_buffer_registration.cuh"

namespace kc {

namespace {
constexpr const char* kNoGl = "this build has no OpenGL headers, so no CUDA-GL interop";
}

bool glContextIsOnCudaDevice(int, std::string* why) {
  if (why) *why = kNoGl;
  return false;
}

GlBufferRegistration::GlBufferRegistration(unsigned glBuffer) : buffer_(glBuffer) {
  KC_FAIL("cudaGraphicsGLRegisterBuffer", kNoGl);
}
GlBufferRegistration::~GlBufferRegistration() = default;
GlBufferRegistration::GlBufferRegistration(GlBufferRegistration&& other) noexcept
    : buffer_(std::exchange(other.buffer_, 0u)), resource_(std::exchange(other.resource_, nullptr)) {}
GlBufferRegistration& GlBufferRegistration::operator=(GlBufferRegistration&& other) noexcept {
  std::swap(buffer_, other.buffer_);
  std::swap(resource_, other.resource_);
  return *this;
}

MappedGlBufferPair::MappedGlBufferPair(GlBufferRegistration&, GlBufferRegistration&, cudaStream_t) {
  KC_FAIL("cudaGraphicsMapResources", kNoGl);
}
MappedGlBufferPair::~MappedGlBufferPair() = default;
void MappedGlBufferPair::unmap() {}
void* MappedGlBufferPair::pointer(int, std::size_t* bytes) const {
  if (bytes) *bytes = 0;
  return nullptr;
}

}  // namespace kc
