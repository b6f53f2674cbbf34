#pragma once
// Small host-side helpers around HostFrame shared by the pipelines and the sources: the entry
// conversions of camera formats, copies, and the counter that proves how many copies a frame costs.
#include <cstdint>

#include "gpu/core/elapsed.hpp"  // steadyNowSeconds: HostFrame::timestampSeconds and latency use this one clock
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_pool.hpp"
#include "gpu/pipeline/host_frame.hpp"

namespace kc {

// A Gray8, Rgba8 or Bgra8 frame of the given size with tightly packed rows, zero-filled, in its own
// memory (not pooled: the pipelines' outputs and tests; sources take frames from a FramePool).
HostFrame makeHostFrame(PixelFormat format, int width, int height);

// The frame in RGBA: an RGBA frame is returned as is (shared, no copy); grey g -> g,g,g,255, BGRA
// reordered, YUV converted (through OpenCV's cvtColor where the build has OpenCV and its
// conventions match: BT.601 limited range, even sizes; else the reference, yuv_convert.hpp).
// The view's original side and the CPU backend take RGBA.
HostFrame toRgbaFrame(const HostFrame& frame);

// True when the chain's first stage asks for a camera's luma (StageDefinition::headInput: gray).
bool chainStartsFromLuma(const FilterChain& chain);
// True when `frame` has a Y plane of its own (NV12, I420, YV12) and the chain starts from luma:
// the Y plane alone serves it, and the CUDA backend uploads only that plane. (Packed YUYV/UYVY
// interleave luma with chroma: those go through RGBA and the gray stage.)
bool startsFromLumaPlane(const HostFrame& frame, const FilterChain& chain);

// What the chain starts from, the first thing each pipeline does with a frame ("convert at
// entry"): grey and RGBA frames as they are (shared); BGRA and YUV frames in RGBA (toRgbaFrame);
// but when startsFromLumaPlane, the grey picture of the Y plane (full range: the plane itself;
// limited: expanded to 0..255). The gray stage is then a no-op: a camera's grey is its own luma,
// whatever weights the stage names (those apply to RGB sources). Both backends start from exactly
// this, so they agree.
HostFrame pipelineInputFrame(const HostFrame& frame, const FilterChain& chain);

// The name of the entry conversion a frame gets for `chain` ("convert nv12", "luma nv12"), or
// empty when there is none: the timing row of that op in both pipelines.
std::string entryConversionName(const HostFrame& frame, const FilterChain& chain);

// A private copy of the frame's pixels (tight rows, own memory): for a caller that must write.
HostFrame cloneFrame(const HostFrame& frame);
// The same in a frame of `pool` (the camera's mapped planes into the pipeline's page-locked memory).
HostFrame cloneFrame(const HostFrame& frame, FramePool& pool);

// Copies one plane's rows (the smaller of the two row lengths) and counts nothing: callers count
// their frame once with countHostFrameCopy().
void copyPlaneRows(ConstImageView<std::uint8_t> from, ImageView<std::uint8_t> to);

// Host copies of frame pixels: every pass that writes a frame's pixels from another host buffer
// (a copy, a widening, a decoder's picture converted into a frame, a CPU entry conversion) calls
// countHostFrameCopy() once per frame. Tests read the count around a source's next() and a
// pipeline's process() to prove what the live path costs per frame. Process-wide, atomic.
void countHostFrameCopy();
std::uint64_t hostFrameCopies();

}  // namespace kc
