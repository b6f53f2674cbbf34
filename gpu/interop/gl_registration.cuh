#pragma once
// CUDA-OpenGL interop for the view's pixel buffers. The GL headers stay inside the .cu: this
// header only needs the runtime's opaque cudaGraphicsResource_t. Every call needs the GL context
// that owns the buffers to be current (OBS's rule: GL/CUDA objects live inside the context scope).
#include <cuda_runtime.h>

#include <cstddef>
#include <string>

namespace kc {

// Whether the current GL context runs on `cudaDevice`. False (with the reason in *why) when no
// context is current, or it runs on another GPU or on no GPU at all (Mesa llvmpipe under Xvfb,
// a remote desktop): then interop cannot work and the caller copies through the host.
bool glContextIsOnCudaDevice(int cudaDevice, std::string* why);

// Owns one cudaGraphicsGLRegisterBuffer registration (write-discard: CUDA overwrites the whole
// buffer each frame, so the driver never has to preserve the GL contents). Registration is costly:
// once per buffer, redone only when the view re-creates its buffers.
class GlBufferRegistration {
 public:
  GlBufferRegistration() = default;
  explicit GlBufferRegistration(unsigned glBuffer);  // throws kc::Error when the driver refuses
  ~GlBufferRegistration();
  GlBufferRegistration(GlBufferRegistration&& other) noexcept;
  GlBufferRegistration& operator=(GlBufferRegistration&& other) noexcept;
  GlBufferRegistration(const GlBufferRegistration&) = delete;
  GlBufferRegistration& operator=(const GlBufferRegistration&) = delete;

  unsigned glBuffer() const noexcept { return buffer_; }
  cudaGraphicsResource_t resource() const noexcept { return resource_; }
  bool registered() const noexcept { return resource_ != nullptr; }

 private:
  unsigned buffer_ = 0;
  cudaGraphicsResource_t resource_ = nullptr;
};

// Maps two registered buffers in one call for the lifetime of the scope (map/unmap are ordered on
// `stream`: work enqueued on it between them sees the buffers; GL sees the writes after unmap).
class MappedGlBufferPair {
 public:
  MappedGlBufferPair(GlBufferRegistration& first, GlBufferRegistration& second, cudaStream_t stream);
  ~MappedGlBufferPair();
  MappedGlBufferPair(const MappedGlBufferPair&) = delete;
  MappedGlBufferPair& operator=(const MappedGlBufferPair&) = delete;

  void* first(std::size_t* bytes) const { return pointer(0, bytes); }
  void* second(std::size_t* bytes) const { return pointer(1, bytes); }
  // Unmaps now (errors are thrown here, not lost in the destructor).
  void unmap();

 private:
  void* pointer(int i, std::size_t* bytes) const;
  cudaGraphicsResource_t resources_[2];
  cudaStream_t stream_;
  bool mapped_ = false;
};

}  // namespace kc
