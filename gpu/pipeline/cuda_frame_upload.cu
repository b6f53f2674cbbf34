#include "gpu/pipeline/cuda_frame_upload.cuh"

#include "gpu/core/device_buffer.cuh"
#include "gpu/core/nvtx_range.hpp"
#include "gpu/image/channel_convert.cuh"
#include "gpu/pipeline/frame_ops.hpp"

namespace kc {

namespace {

class PinnedHostMemory final : public HostMemory {
 public:
  void* allocate(std::size_t bytes) override { return detail::allocatePinned(bytes, __FILE__, __LINE__); }
  void release(void* data) noexcept override { detail::freePinned(data); }
  bool pageLocked() const override { return true; }
  const char* name() const override { return "page-locked"; }
};

// Whether the copy engine can read `pointer` directly (pinned by cudaMallocHost or cudaHostRegister).
bool pageLocked(const void* pointer) {
  cudaPointerAttributes attributes{};
  if (cudaPointerGetAttributes(&attributes, pointer) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return attributes.type == cudaMemoryTypeHost;
}

}  // namespace

std::shared_ptr<HostMemory> pageLockedHostMemory() { return std::make_shared<PinnedHostMemory>(); }

// One host plane to upload: where it is, its rows.
struct CudaFrameUpload::HostPlane {
  const std::uint8_t* data;
  std::size_t pitch, rowBytes;
  int rows;
};

// The planes to upload for `frame` and what the chain starts from, by pipelineInputFrame's rules.
std::vector<CudaFrameUpload::HostPlane> CudaFrameUpload::choosePlanes(Frame& slot, const HostFrame& frame,
                                                                      const FilterChain& chain) {
  using Entry = Frame::Entry;
  const int w = frame.width(), h = frame.height();
  slot.entryName_ = entryConversionName(frame, chain);
  if (frame.format == PixelFormat::Gray8 || frame.format == PixelFormat::Rgba8 || frame.format == PixelFormat::Bgra8) {
    slot.entry_ = frame.format == PixelFormat::Bgra8 ? Entry::Bgra : Entry::Direct;
    slot.inShape_ = {w, h, frame.format == PixelFormat::Gray8 ? PixelFormat::Gray8 : PixelFormat::Rgba8};
    return {{frame.bytes(), frame.pitch(), slot.inShape_.rowBytes(), h}};
  }
  slot.encoding_ = frame.yuv.encoding;
  const FrameImage<std::uint8_t>& luma = frame.yuv.planes[0];
  if (startsFromLumaPlane(frame, chain)) {
    slot.entry_ = frame.yuv.encoding.range == YuvRange::Full ? Entry::Direct : Entry::LumaLimited;
    slot.inShape_ = {w, h, PixelFormat::Gray8};
    return {{luma.bytes(), luma.pitch(), static_cast<std::size_t>(w), h}};
  }
  slot.entry_ = Entry::Yuv;
  slot.inShape_ = {w, h, PixelFormat::Rgba8};
  const YuvLayout layout = yuvLayout(frame.format);
  std::vector<HostPlane> planes;
  for (int p = 0; p < yuvPlaneCount(layout); ++p) {
    const PlaneSize size = yuvPlaneSize(layout, w, h, p);
    planes.push_back({frame.yuv.planes[p].bytes(), frame.yuv.planes[p].pitch(),
                      static_cast<std::size_t>(size.widthBytes), size.height});
  }
  return planes;
}

// A frame outside page-locked memory: its planes into the slot's pinned staging, tightly packed
// (the one host copy such a frame costs, counted), and uploaded from there.
void CudaFrameUpload::stageInPinnedMemory(Frame& slot, std::vector<HostPlane>& planes, std::size_t bytes) {
  NvtxRange range("staging copy");
  std::uint8_t* staging = slot.staging_.reserve(bytes);
  for (HostPlane& plane : planes) {
    copyPlaneRows({plane.data, static_cast<int>(plane.rowBytes), plane.rows, plane.pitch},
                  {staging, static_cast<int>(plane.rowBytes), plane.rows, plane.rowBytes});
    plane = {staging, plane.rowBytes, plane.rowBytes, plane.rows};
    staging += plane.rowBytes * static_cast<std::size_t>(plane.rows);
  }
  countHostFrameCopy();
}

// Straight from the frame's memory when it is page-locked (a pool frame); through pinned staging
// otherwise. The slot holds the frame until it is released: the upload reads it asynchronously.
void CudaFrameUpload::enqueue(Frame& slot, const HostFrame& frame, const FilterChain& chain, FrameTimeline& timeline) {
  using Entry = Frame::Entry;
  std::vector<HostPlane> planes = choosePlanes(slot, frame, chain);
  slot.source_ = frame;  // keeps the frame's buffer out of its pool until the upload has read it

  std::size_t uploadBytes = 0;
  for (const HostPlane& plane : planes) uploadBytes += plane.rowBytes * static_cast<std::size_t>(plane.rows);
  bool pinned = true;
  for (const HostPlane& plane : planes) pinned = pinned && pageLocked(plane.data);
  if (!pinned) stageInPinnedMemory(slot, planes, uploadBytes);

  std::uint8_t* input = slot.input_.reserve(deviceImageBytes(slot.inShape_));
  // Device destinations: the input itself, or the planes, each pitched.
  std::vector<std::pair<std::uint8_t*, std::size_t>> targets;
  if (slot.entry_ == Entry::Direct) {
    targets.push_back({input, alignedPitch(slot.inShape_.rowBytes())});
  } else {
    std::size_t total = 0;
    for (const HostPlane& plane : planes) total += alignedPitch(plane.rowBytes) * static_cast<std::size_t>(plane.rows);
    std::uint8_t* base = slot.planes_.reserve(total);
    for (const HostPlane& plane : planes) {
      targets.push_back({base, alignedPitch(plane.rowBytes)});
      base += alignedPitch(plane.rowBytes) * static_cast<std::size_t>(plane.rows);
    }
    if (slot.entry_ == Entry::Yuv) {
      YuvPlanes& device = slot.devicePlanes_;
      device.layout = yuvLayout(frame.format);
      device.width = frame.width();
      device.height = frame.height();
      for (int p = 0; p < 3; ++p)
        device.plane[p] = p < static_cast<int>(planes.size())
                              ? ConstImageView<std::uint8_t>{targets[p].first, static_cast<int>(planes[p].rowBytes),
                                                             planes[p].rows, targets[p].second}
                              : ConstImageView<std::uint8_t>{};
    }
  }
  slot.entryBytes_ = static_cast<double>(uploadBytes + slot.inShape_.bytes());

  NvtxRange range("upload");
  const int row = timeline.add("upload", true, static_cast<double>(uploadBytes), true);
  timeline.start(row, copy_);
  for (std::size_t p = 0; p < planes.size(); ++p)
    KC_CUDA_CHECK(cudaMemcpy2DAsync(targets[p].first, targets[p].second, planes[p].data, planes[p].pitch,
                                    planes[p].rowBytes, planes[p].rows, cudaMemcpyHostToDevice, copy_));
  timeline.stop(row, copy_);
  slot.uploaded_.record(copy_);
}

void CudaFrameUpload::enqueueEntryConversion(Frame& slot, FrameTimeline& timeline) {
  using Entry = Frame::Entry;
  if (slot.entry_ == Entry::Direct) return;
  NvtxRange range(slot.entryName_);
  const int row = timeline.add(slot.entryName_, false, slot.entryBytes_, true);
  timeline.start(row, compute_);
  const DeviceFrame input = slot.input();
  const DeviceFrame planes = pitchedFrame(slot.planes_.data(), slot.inShape_);  // one plane: the input's rows
  switch (slot.entry_) {
    case Entry::Yuv:
      yuvToRgbaAsync(slot.devicePlanes_, slot.encoding_, deviceView<Rgba8>(input), compute_);
      break;
    case Entry::Bgra:
      bgraToRgbaAsync(deviceView<const Rgba8>(planes), deviceView<Rgba8>(input), compute_);
      break;
    case Entry::LumaLimited:
      lumaToGrayAsync(deviceView<const std::uint8_t>(planes), slot.encoding_.range, deviceView<std::uint8_t>(input),
                      compute_);
      break;
    case Entry::Direct:
      break;
  }
  timeline.stop(row, compute_);
}

}  // namespace kc
