#pragma once
// CUDA-OpenGL interop for the view's textures (and, where a sink offers no textures, its pixel
// buffers). The GL headers stay inside the .cu: this header only needs the runtime's opaque
// cudaGraphicsResource_t. Every call needs the GL context that owns the objects to be current
// (OBS's rule: GL/CUDA objects live inside the context scope).
#include <cuda_runtime.h>

#include <cstddef>
#include <string>
#include <utility>

namespace kc {

// Whether the current GL context runs on `cudaDevice`. False (with the reason in *why) when no
// context is current, or it runs on another GPU or on no GPU at all (Mesa llvmpipe under Xvfb,
// a remote desktop): then interop cannot work and the caller copies through the host.
bool glContextIsOnCudaDevice(int cudaDevice, std::string* why);

// Owns one registration of a GL object: a pixel buffer (cudaGraphicsGLRegisterBuffer) or a
// GL_TEXTURE_2D (cudaGraphicsGLRegisterImage, for surface writes). Write-discard both: CUDA
// overwrites the whole object each frame, so the driver never has to preserve the GL contents.
// Registration is costly: once per object, redone only when the view re-creates its objects.
class GlRegistration {
 public:
  GlRegistration() = default;
  static GlRegistration buffer(unsigned glBuffer);    // throws kc::Error when the driver refuses
  static GlRegistration texture(unsigned glTexture);  // likewise
  ~GlRegistration();
  GlRegistration(GlRegistration&& other) noexcept
      : name_(std::exchange(other.name_, 0u)), resource_(std::exchange(other.resource_, nullptr)) {}
  GlRegistration& operator=(GlRegistration&& other) noexcept {
    std::swap(name_, other.name_);
    std::swap(resource_, other.resource_);
    return *this;
  }
  GlRegistration(const GlRegistration&) = delete;
  GlRegistration& operator=(const GlRegistration&) = delete;

  unsigned glName() const noexcept { return name_; }
  cudaGraphicsResource_t resource() const noexcept { return resource_; }
  bool registered() const noexcept { return resource_ != nullptr; }

 private:
  unsigned name_ = 0;
  cudaGraphicsResource_t resource_ = nullptr;
};

// Maps two registered objects in one call for the lifetime of the scope (map/unmap are ordered on
// `stream`: work enqueued on it between them sees the objects; GL sees the writes after unmap).
class MappedGlPair {
 public:
  MappedGlPair(GlRegistration& first, GlRegistration& second, cudaStream_t stream);
  ~MappedGlPair();
  MappedGlPair(const MappedGlPair&) = delete;
  MappedGlPair& operator=(const MappedGlPair&) = delete;

  // Registered buffers: the device pointer and size of the first or second.
  void* pointer(int i, std::size_t* bytes) const;
  // Registered textures: level 0 of the first or second as a CUDA array.
  cudaArray_t array(int i) const;
  // Unmaps now (errors are thrown here, not lost in the destructor).
  void unmap();

 private:
  cudaGraphicsResource_t resources_[2];
  cudaStream_t stream_;
  bool mapped_ = false;
};

}  // namespace kc
