#pragma once
// 2D convolution of 8-bit images with an odd square float kernel (1..31), computed as
// correlation exactly like cv::filter2D (no kernel flip, anchor at the centre).
// Result: sum in float, rounded to nearest and saturated to 0..255. RGBA: alpha passes through.
#include <cmath>
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
  int size = 1;                // odd, 1..31
  std::vector<float> weights;  // size*size, row by row
  float at(int x, int y) const { return weights[static_cast<std::size_t>(y) * size + x]; }
};

// Validates size (odd, 1..31), weight count and finiteness; throws kc::InvalidArgument otherwise.
void validateKernel(const ConvKernel& kernel);

// Presets at any odd size 1..31 (throws kc::InvalidArgument otherwise):
//   box        1/n^2 everywhere.
//   gaussian   outer product g*g^T of the 1D kernel g_i ~ exp(-(i-c)^2 / (2 sigma^2)), normalised to sum 1,
//              sigma = gaussianSigmaForSize(n) (cv::getGaussianKernel's rule). At every size, including
//              n <= 7 where cv::getGaussianKernel(n, sigma <= 0) substitutes fixed binomial tables:
//              ours equals cv::getGaussianKernel(n, gaussianSigmaForSize(n)).
//   sharpen    n == 3: the classic 0 -1 0 / -1 5 -1 / 0 -1 0; other n: 2*identity - box (n == 1: identity).
//   sobelx/y   cv::getDerivKernels(1,0,n) / (0,1,n) as an outer product (smoothing binomial x derivative),
//              unnormalised like cv::Sobel. n >= 3 (OpenCV's ksize 1 is a 3x1 kernel, not square).
//   laplacian  n == 3: 0 1 0 / 1 -4 1 / 0 1 0 (cv::Laplacian ksize 1); n >= 5: cv::Laplacian's ksize = n
//              kernel, the sum of the second-derivative Sobel kernels getDerivKernels(2,0,n) + (0,2,n). n >= 3.
//   emboss     n == 3: -2 -1 0 / -1 1 1 / 0 1 2; other n: identity + 4 (dx + dy) / S with S the sum of the
//              positive (dx + dy) over the kernel, so every size has the 3x3's strength and sums to 1.
//   identity   1 at the centre.
// Custom has no preset weights (throws): build a ConvKernel yourself. An all-zero custom kernel is valid
// and gives a black image (alpha still copied).
ConvKernel makePresetKernel(ConvPreset preset, int size);
double gaussianSigmaForSize(int size);  // 0.3*((size-1)*0.5 - 1) + 0.8

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

// The one rounding rule, identical on CPU and GPU: clamp to 0..255, then round half to even (rintf in
// the default rounding mode, as cv::saturate_cast<uchar>(float)).
KC_HD std::uint8_t saturateToByte(float v) {
  v = fminf(fmaxf(v, 0.f), 255.f);  // fmaxf(NaN, 0) = 0
  return static_cast<std::uint8_t>(rintf(v));
}

// CPU references (single-threaded, direct 2D sum). Summation order: kernel column by column
// (kx outer, ky inner), each term by fused multiply-add, zero for Zero-border taps: the GPU's
// general path does the same operations in the same order, so the two agree bit for bit.
void convolveCpu(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, const ConvKernel& kernel,
                 BorderMode border);
void convolveCpu(ConstImageView<Rgba8> in, ImageView<Rgba8> out, const ConvKernel& kernel, BorderMode border);

}  // namespace kc
