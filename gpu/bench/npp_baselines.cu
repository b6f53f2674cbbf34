#include "gpu/bench/npp_baselines.cuh"

#include <npp.h>

#include <string>
#include <vector>

#include "gpu/core/cuda_check.cuh"
#include "gpu/core/device_buffer.cuh"
#include "gpu/core/device_query.cuh"

namespace kc::bench {

namespace {

// NPP returns negative codes for errors and positive ones for warnings (which we accept).
void checkNpp(NppStatus status, const char* file, int line, const char* call) {
  if (status < 0) throwError(file, line, call, "NPP error " + std::to_string(static_cast<int>(status)), status);
}
#define KC_NPP_CHECK(call) checkNpp((call), __FILE__, __LINE__, #call)

NppiSize roiOf(int width, int height) {
  NppiSize roi;
  roi.width = width;
  roi.height = height;
  return roi;
}

template <class T>
const Npp8u* bytesOf(ConstImageView<T> view) {
  return reinterpret_cast<const Npp8u*>(view.data);
}
template <class T>
Npp8u* bytesOf(ImageView<T> view) {
  return reinterpret_cast<Npp8u*>(view.data);
}
int stepOf(std::size_t pitch) { return static_cast<int>(pitch); }

// The size query's output type changed across NPP versions (int*, then size_t*): deduce it.
template <class SizeT>
std::size_t histogramBufferBytes(NppStatus (*query)(NppiSize, int, SizeT*, NppStreamContext), NppiSize roi, int levels,
                                 NppStreamContext context) {
  SizeT bytes = 0;
  KC_NPP_CHECK(query(roi, levels, &bytes, context));
  return static_cast<std::size_t>(bytes);
}

constexpr int kHistogramLevels = 257;  // 257 level boundaries 0..256 -> 256 bins of one grey value

}  // namespace

struct NppBaselines::Impl {
  NppStreamContext context{};
  std::vector<DeviceBuffer<Npp8u>> histogramScratch;  // one per buffer set

  // The stream's flags, asked once per stream: cudaStreamGetFlags is refused while the stream is being
  // captured into a graph (cudaErrorStreamCaptureUnsupported), and the graph-batched timing captures
  // these calls after the event-timed runs have used the same stream.
  cudaStream_t flagsStream = nullptr;
  unsigned streamFlags = 0;

  NppStreamContext on(cudaStream_t stream) {
    NppStreamContext c = context;
    c.hStream = stream;
    if (stream != flagsStream) {
      cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
      if (stream) KC_CUDA_CHECK(cudaStreamIsCapturing(stream, &capture));
      streamFlags = 0;
      if (stream && capture == cudaStreamCaptureStatusNone) KC_CUDA_CHECK(cudaStreamGetFlags(stream, &streamFlags));
      flagsStream = stream;
    }
    c.nStreamFlags = streamFlags;
    return c;
  }
};

NppBaselines::NppBaselines() : impl_(std::make_unique<Impl>()) {
  const DeviceInfo device = currentDeviceInfo();
  NppStreamContext& c = impl_->context;
  c.hStream = nullptr;
  c.nCudaDeviceId = device.index;
  c.nMultiProcessorCount = device.multiprocessors;
  c.nMaxThreadsPerMultiProcessor = device.maxThreadsPerMultiprocessor;
  c.nMaxThreadsPerBlock = device.maxThreadsPerBlock;
  c.nSharedMemPerBlock = device.sharedMemoryPerBlock;
  c.nCudaDevAttrComputeCapabilityMajor = device.computeMajor;
  c.nCudaDevAttrComputeCapabilityMinor = device.computeMinor;
}

NppBaselines::~NppBaselines() = default;

void NppBaselines::rgbaToGray(ConstImageView<Rgba8> in, ImageView<std::uint8_t> out, cudaStream_t stream) {
  KC_NPP_CHECK(nppiRGBToGray_8u_AC4C1R_Ctx(bytesOf(in), stepOf(in.pitch), bytesOf(out), stepOf(out.pitch),
                                           roiOf(in.width, in.height), impl_->on(stream)));
}

void NppBaselines::prepareHistogram(int width, int height, int sets) {
  const std::size_t bytes = histogramBufferBytes(nppiHistogramEvenGetBufferSize_8u_C1R_Ctx, roiOf(width, height),
                                                 kHistogramLevels, impl_->on(nullptr));
  impl_->histogramScratch.clear();
  for (int i = 0; i < (sets > 0 ? sets : 1); ++i) impl_->histogramScratch.emplace_back(bytes > 0 ? bytes : 1);
}

void NppBaselines::histogram256(ConstImageView<std::uint8_t> in, std::int32_t* deviceHist, int rep,
                                cudaStream_t stream) {
  std::vector<DeviceBuffer<Npp8u>>& scratch = impl_->histogramScratch;
  KC_REQUIRE(!scratch.empty(), "NppBaselines::histogram256: call prepareHistogram first");
  KC_NPP_CHECK(nppiHistogramEven_8u_C1R_Ctx(
      bytesOf(in), stepOf(in.pitch), roiOf(in.width, in.height), reinterpret_cast<Npp32s*>(deviceHist),
      kHistogramLevels, 0, 256, scratch[static_cast<std::size_t>(rep) % scratch.size()].data(), impl_->on(stream)));
}

void NppBaselines::filterBorder(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, const float* deviceKernel,
                                int size, cudaStream_t stream) {
  NppiPoint offset{0, 0};
  NppiPoint anchor{size / 2, size / 2};
  KC_NPP_CHECK(nppiFilterBorder32f_8u_C1R_Ctx(
      bytesOf(in), stepOf(in.pitch), roiOf(in.width, in.height), offset, bytesOf(out), stepOf(out.pitch),
      roiOf(out.width, out.height), deviceKernel, roiOf(size, size), anchor, NPP_BORDER_REPLICATE, impl_->on(stream)));
}

void NppBaselines::filterBorder(ConstImageView<Rgba8> in, ImageView<Rgba8> out, const float* deviceKernel, int size,
                                cudaStream_t stream) {
  NppiPoint offset{0, 0};
  NppiPoint anchor{size / 2, size / 2};
  KC_NPP_CHECK(nppiFilterBorder32f_8u_C4R_Ctx(
      bytesOf(in), stepOf(in.pitch), roiOf(in.width, in.height), offset, bytesOf(out), stepOf(out.pitch),
      roiOf(out.width, out.height), deviceKernel, roiOf(size, size), anchor, NPP_BORDER_REPLICATE, impl_->on(stream)));
}

void NppBaselines::filterRowColumn(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> tmp,
                                   ImageView<std::uint8_t> out, const float* deviceRow, const float* deviceColumn,
                                   int size, cudaStream_t stream) {
  NppiPoint offset{0, 0};
  const NppStreamContext c = impl_->on(stream);
  KC_NPP_CHECK(nppiFilterRowBorder32f_8u_C1R_Ctx(bytesOf(in), stepOf(in.pitch), roiOf(in.width, in.height), offset,
                                                 bytesOf(tmp), stepOf(tmp.pitch), roiOf(tmp.width, tmp.height),
                                                 deviceRow, size, size / 2, NPP_BORDER_REPLICATE, c));
  KC_NPP_CHECK(nppiFilterColumnBorder32f_8u_C1R_Ctx(
      bytesOf(ConstImageView<std::uint8_t>(tmp)), stepOf(tmp.pitch), roiOf(tmp.width, tmp.height), offset, bytesOf(out),
      stepOf(out.pitch), roiOf(out.width, out.height), deviceColumn, size, size / 2, NPP_BORDER_REPLICATE, c));
}

void NppBaselines::transpose(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, cudaStream_t stream) {
  KC_NPP_CHECK(nppiTranspose_8u_C1R_Ctx(bytesOf(in), stepOf(in.pitch), bytesOf(out), stepOf(out.pitch),
                                        roiOf(in.width, in.height), impl_->on(stream)));
}

void NppBaselines::transpose(ConstImageView<Rgba8> in, ImageView<Rgba8> out, cudaStream_t stream) {
  KC_NPP_CHECK(nppiTranspose_8u_C4R_Ctx(bytesOf(in), stepOf(in.pitch), bytesOf(out), stepOf(out.pitch),
                                        roiOf(in.width, in.height), impl_->on(stream)));
}

}  // namespace kc::bench
