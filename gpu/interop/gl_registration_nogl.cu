// Stand-in for builds without GL headers: there is no interop, so the pipeline's copy path runs.
#include <utility>

#include "gpu/core/error.hpp"
#include "gpu/interop/gl_registration.cuh"

namespace kc {

namespace {
constexpr const char* kNoGl = "this build has no OpenGL headers, so no CUDA-GL interop";
}

bool glContextIsOnCudaDevice(int, std::string* why) {
  if (why) *why = kNoGl;
  return false;
}

GlRegistration GlRegistration::buffer(unsigned) { KC_FAIL("cudaGraphicsGLRegisterBuffer", kNoGl); }
GlRegistration GlRegistration::texture(unsigned) { KC_FAIL("cudaGraphicsGLRegisterImage", kNoGl); }
GlRegistration::~GlRegistration() = default;

MappedGlPair::MappedGlPair(GlRegistration&, GlRegistration&, cudaStream_t) {
  KC_FAIL("cudaGraphicsMapResources", kNoGl);
}
MappedGlPair::~MappedGlPair() = default;
void MappedGlPair::unmap() {}
void* MappedGlPair::pointer(int, std::size_t* bytes) const {
  if (bytes) *bytes = 0;
  return nullptr;
}
cudaArray_t MappedGlPair::array(int) const { return nullptr; }

}  // namespace kc
