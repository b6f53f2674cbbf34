#pragma once
// NVIDIA NPP as a baseline (stream-context `_Ctx` API, the only one CUDA 13 has). NPP ships with
// the full toolkit but not with every install, so npp_baselines.cu is compiled only where CMake
// found it (KC_HAVE_NPP); callers guard their use with #ifdef KC_HAVE_NPP. This header does not
// include NPP's own, so it compiles everywhere.
#include <cuda_runtime.h>

#include <cstdint>
#include <memory>

#include "gpu/image/image_view.hpp"

namespace kc::bench {

class NppBaselines {
 public:
  NppBaselines();  // fills the NppStreamContext from the current device's properties
  ~NppBaselines();
  NppBaselines(const NppBaselines&) = delete;
  NppBaselines& operator=(const NppBaselines&) = delete;

  // nppiRGBToGray_8u_AC4C1R (its own weights 0.299/0.587/0.114, alpha ignored).
  void rgbaToGray(ConstImageView<Rgba8> in, ImageView<std::uint8_t> out, cudaStream_t stream);

  // nppiHistogramEven_8u_C1R: 257 levels 0..256 = 256 one-value bins. Call prepareHistogram once
  // for the size (it allocates NPP's scratch, outside the timed loop): `sets` scratch buffers, one
  // per buffer set of the inputs, so that repetition `rep` uses scratch rep % sets and the scratch
  // rotates beyond the L2 as the inputs do.
  void prepareHistogram(int width, int height, int sets);
  void histogram256(ConstImageView<std::uint8_t> in, std::int32_t* deviceHist, int rep, cudaStream_t stream);

  // nppiFilterBorder32f (size x size device kernel, NPP_BORDER_REPLICATE, anchor at the centre).
  void filterBorder(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, const float* deviceKernel, int size,
                    cudaStream_t stream);
  void filterBorder(ConstImageView<Rgba8> in, ImageView<Rgba8> out, const float* deviceKernel, int size,
                    cudaStream_t stream);
  // nppiFilterRowBorder32f into `tmp`, then nppiFilterColumnBorder32f into `out`.
  void filterRowColumn(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> tmp, ImageView<std::uint8_t> out,
                       const float* deviceRow, const float* deviceColumn, int size, cudaStream_t stream);

  // nppiTranspose_8u_C1R / _C4R: out is in.height x in.width.
  void transpose(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, cudaStream_t stream);
  void transpose(ConstImageView<Rgba8> in, ImageView<Rgba8> out, cudaStream_t stream);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace kc::bench
