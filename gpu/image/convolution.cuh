#pragma once
// Shared-memory tiled convolution: each block loads its tile plus a halo of the kernel radius
// (the lecture's 48x48 cache for 16x16 blocks, sized here from the radius); the filter lives in
// constant memory (a __grid_constant__ kernel parameter). Separable kernels take a row pass and a
// column pass automatically; gray images with 4-byte-aligned rows and kernels up to 9x9 take a
// leaner separable kernel whose row pass runs in registers (convolution_rows_gray.cuh).
#include <cuda_runtime.h>

#include <vector>

#include "gpu/image/convolution.hpp"
#include "gpu/image/grayscale.hpp"
#include "gpu/image/histogram.hpp"

namespace kc {

enum class ConvPath { Auto, General, Separable };

// in and out are distinct device views of the same size. Safe to call from several streams at
// once with different kernels: each launch carries its own filter. No scratch memory: the separable
// path keeps its row-pass intermediate in shared memory. Auto takes the separable path whenever
// separateKernel succeeds; General is bit-exact with convolveCpu, Separable within one level.
void convolveAsync(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, const ConvKernel& kernel,
                   BorderMode border, cudaStream_t stream, ConvPath path = ConvPath::Auto);
void convolveAsync(ConstImageView<Rgba8> in, ImageView<Rgba8> out, const ConvKernel& kernel, BorderMode border,
                   cudaStream_t stream, ConvPath path = ConvPath::Auto);

// The register-streaming kernel of the general gray path (radius 1..3, rows 4-byte aligned) has several
// launch shapes: output rows per warp and pixels per lane (4, or 8 with 8-byte-aligned rows).
// convolveAsync picks one itself; these are for the bench's sweep of the shapes and for the tests.
struct GrayStreamShape {
  int rowsPerWarp = 0;  // 0: the shape convolveAsync would pick
  int pixelsPerLane = 4;
  bool byteByConversion = false;  // each output byte by one cvt.rni.sat instead of clamp + add (rows 2 and 4 only)
};
std::vector<GrayStreamShape> grayStreamShapes();  // every instantiated shape
// The general path on that kernel with that shape (bit-exact with convolveCpu). Launches nothing and
// returns false where the call does not fit it (radius, row alignment); throws on a bad call as
// convolveAsync does.
bool convolveGrayStreamAsync(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, const ConvKernel& kernel,
                             BorderMode border, cudaStream_t stream, GrayStreamShape shape);

// The live chain's fused step (issue 21): RGBA in, made grey in registers as grayscaleAsync makes it
// (RGBA channel order), convolved as convolveAsync's separable gray path convolves, into `out`; and
// where `histogram.counts` is set, the histogram of `out` in histogram.bins bins, as histogramAsync
// counts it (zeroed first). One kernel: the grey image is never stored, the output never read back.
// Bit-exact with grayscaleAsync, convolveAsync and histogramAsync one after another. Launches nothing
// and returns false where the call does not fit it: a kernel that is not separable or is wider than
// 31, rows not aligned (16 bytes in, 4 bytes out); the caller then runs the three calls.
bool grayConvolveAsync(ConstImageView<Rgba8> in, GrayWeights weights, ImageView<std::uint8_t> out,
                       const ConvKernel& kernel, BorderMode border, HistogramTarget histogram, cudaStream_t stream);
// The same fusion from a grey image: the separable convolution with the output's histogram counted
// by the kernel that writes it (bit-exact with convolveAsync then histogramAsync); false as above.
bool convolveCountingAsync(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, const ConvKernel& kernel,
                           BorderMode border, HistogramTarget histogram, cudaStream_t stream);

void convolve(ConstImageView<std::uint8_t> in, ImageView<std::uint8_t> out, const ConvKernel& kernel, BorderMode border,
              ConvPath path = ConvPath::Auto);
void convolve(ConstImageView<Rgba8> in, ImageView<Rgba8> out, const ConvKernel& kernel, BorderMode border,
              ConvPath path = ConvPath::Auto);

}  // namespace kc
