#pragma once
// The CUDA pipeline's first part: a host frame -> the chain's input on the device. The frame's
// native bytes go up on the copy stream (stream B), straight from its page-locked pool buffer; a
// frame from anywhere else is first copied into pinned staging (counted: hostFrameCopies()). The
// entry conversion (NV12/I420/YV12/YUYV/UYVY -> RGBA, BGRA -> RGBA, a limited-range Y plane ->
// grey) then runs on the compute stream (stream A), before the chain. What the chain starts from
// follows pipelineInputFrame (frame_ops.hpp), as on the CPU: when the head stage asks for luma
// (StageDefinition::headInput), only a camera frame's Y plane is uploaded.
#include <cuda_runtime.h>

#include <memory>
#include <string>
#include <vector>

#include "gpu/core/stream.cuh"
#include "gpu/image/yuv_convert.cuh"
#include "gpu/pipeline/cuda_frame_timeline.cuh"
#include "gpu/pipeline/cuda_pipeline_buffers.cuh"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_pool.hpp"

namespace kc {

// The pool's memory on CUDA: page-locked, so the copy engine reads frames where sources wrote them.
std::shared_ptr<HostMemory> pageLockedHostMemory();

class CudaFrameUpload {
 public:
  // One frame slot's upload: its buffers (kept and grown, never shared with another slot) and
  // the frame it holds until the upload has read it.
  class Frame {
   public:
    // What the chain starts from on the device: grey or RGBA, pitched.
    DeviceFrame input() const { return pitchedFrame(input_.data(), inShape_); }
    // The frame being uploaded (its pool buffer lent until release()).
    const HostFrame& source() const { return source_; }
    // Recorded on the copy stream once the frame's bytes are on the device.
    const Event& uploaded() const { return uploaded_; }
    void release() { source_ = {}; }

   private:
    friend class CudaFrameUpload;
    // How the frame becomes the chain's input (frame_ops.hpp: pipelineInputFrame).
    enum class Entry {
      Direct,      // grey or RGBA, or the Y plane of full range: uploaded straight into the input
      Bgra,        // uploaded to `planes_`, reordered into the input
      Yuv,         // all planes uploaded to `planes_`, converted into the RGBA input
      LumaLimited  // the Y plane alone uploaded to `planes_`, expanded into the grey input
    };
    HostFrame source_;
    GrowingPinnedBytes staging_;  // frames not in page-locked memory are copied here first
    GrowingDeviceBytes planes_;   // the native planes before the entry conversion
    GrowingDeviceBytes input_;    // what the chain starts from
    Event uploaded_;
    Entry entry_ = Entry::Direct;
    std::string entryName_;   // "convert nv12", "luma nv12", "convert bgra"
    double entryBytes_ = 0;   // bytes the conversion reads + writes
    YuvPlanes devicePlanes_;  // Entry::Yuv: the planes on the device
    YuvEncoding encoding_;
    FrameShape inShape_;
  };

  CudaFrameUpload(cudaStream_t copy, cudaStream_t compute) : copy_(copy), compute_(compute) {}

  // The frame's planes -> the device on the copy stream, into the input itself or into the
  // planes for the entry conversion; the "upload" row of `timeline`; then `uploaded()`.
  void enqueue(Frame& slot, const HostFrame& frame, const FilterChain& chain, FrameTimeline& timeline);
  // The entry conversion on the compute stream, which must already wait for `uploaded()` (none
  // for grey, RGBA and the Y plane of full range).
  void enqueueEntryConversion(Frame& slot, FrameTimeline& timeline);

 private:
  struct HostPlane;
  std::vector<HostPlane> choosePlanes(Frame& slot, const HostFrame& frame, const FilterChain& chain);
  static void stageInPinnedMemory(Frame& slot, std::vector<HostPlane>& planes, std::size_t bytes);

  cudaStream_t copy_;     // stream B
  cudaStream_t compute_;  // stream A
};

}  // namespace kc
