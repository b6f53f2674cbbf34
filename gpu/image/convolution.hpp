#pragma once
// 2D convolution of 8-bit images with an odd square float kernel (1..31), computed as
// correlation exactly like cv::filter2D (no kernel flip, anchor at the centre).
// Result: sum in float, rounded to nearest and saturated to 0..255. RGBA: alpha passes through.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gpu/image/image_view.hpp"

namespace kc {

constexpr int kMaxKernelSize = 31;

// Clamp = replicate the edge (aaa|abc); Zero = constant 0; Reflect = mirror without repeating
// the edge pixel (cba|abc -> dcb|abcd, OpenCV's BORDER_REFLECT_101).
enum class BorderMode { Clamp, Zero, Reflect };

enum class ConvPreset { Box, Gaussian, Sharpen, SobelX, SobelY, Laplacian, Emboss, Identity, Custom };

struct ConvKernel {
  int size = 1;                 // odd, 1..31
  std::vector<float> weights;   // size*size, row by row
  float at(int x, int y) const { return weights[static_cast<std::size_t>(y) * size + x]; }
};

// Validates size (odd, 1..31), weight count and finiteness; throws kc::InvalidArgument otherwise.
void validateKernel(const ConvKernel& kernel);

// Presets at any odd size: box (1/n^2), gaussian (sigma from size as cv::getGaussianKernel:
// 0.3*((size-1)*0.5 - 1) + 0.8), sharpen, sobel-x/y (cv::getDerivKernels), laplacian, emboss, identity.
ConvKernel makePresetKernel(ConvPreset preset, int size);

// A kernel equal to column * row^T (outer product), found when the kernel has rank one.
struct SeparableKernel {
  std::vector<float> row;     // horizontal pass, size entries
  std::vector<float> column;  // vertical pass, size entries
};
// Rank-one test with a relative tolerance; nullopt when the kernel is not separable.
std::optional<SeparableKernel> separateKernel(const ConvKernel& kernel, float relativeTolerance = 1e-5f);

// Border index mapping shared by CPU reference and GPU kernels; -1 means "outside, use zero".
KC_HD int borderIndex(int i, int n, BorderMode mode) {
  if (i >= 0 && i < n) return i;
  if (mode == BorderMode::Zero) return -1;
  if (mode == BorderMode::Clamp || n == 1) return i < 0 ? 0 : n - 1;
  // Reflect-101, repeated for radii larger than the image (as cv::borderInterpolate).
  while (i < 0 || i >= n) {
    if (i < 0) i = -i;
    if (i >= n) i = 2 * n - 2 - i;
  }
  return i;
}

// CPU references (single-threaded, direct 2D sum).
void convolveCpu(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, const ConvKernel& kernel,
                 BorderMode border);
void convolveCpu(ConstImageView<Rgba8> in, ImageView<Rgba8> out, const ConvKernel& kernel, BorderMode border);

}  // namespace kc
