// Kernel validation, the presets and the rank-one (separable) test.
#include <algorithm>
#include <cmath>
#include <string>

#include "gpu/core/error.hpp"
#include "gpu/image/convolution.hpp"

namespace kc {

namespace {

void requireKernelSize(int size, const char* what) {
  KC_REQUIRE(size >= 1 && size <= kMaxKernelSize && size % 2 == 1,
             std::string(what) + ": kernel size must be odd and in 1.." + std::to_string(kMaxKernelSize) + ", got " +
                 std::to_string(size));
}

// cv::getSobelKernels' integer recurrence: `order` differences of a binomial of length size - order.
std::vector<double> sobelTaps(int size, int order) {
  if (size == 3) {
    if (order == 0) return {1, 2, 1};
    if (order == 1) return {-1, 0, 1};
    return {1, -2, 1};
  }
  std::vector<long long> k(static_cast<std::size_t>(size) + 1, 0);
  k[0] = 1;
  for (int i = 0; i < size - order - 1; ++i) {
    long long old = k[0];
    for (int j = 1; j <= size; ++j) {
      const long long sum = k[j] + k[j - 1];
      k[j - 1] = old;
      old = sum;
    }
  }
  for (int i = 0; i < order; ++i) {
    long long old = -k[0];
    for (int j = 1; j <= size; ++j) {
      const long long diff = k[j - 1] - k[j];
      k[j - 1] = old;
      old = diff;
    }
  }
  return std::vector<double>(k.begin(), k.begin() + size);
}

ConvKernel outerProduct(const std::vector<double>& column, const std::vector<double>& row) {
  ConvKernel kernel;
  kernel.size = static_cast<int>(row.size());
  kernel.weights.resize(row.size() * column.size());
  for (std::size_t y = 0; y < column.size(); ++y)
    for (std::size_t x = 0; x < row.size(); ++x)
      kernel.weights[y * row.size() + x] = static_cast<float>(column[y] * row[x]);
  return kernel;
}

ConvKernel identityKernel(int size) {
  ConvKernel kernel{size, std::vector<float>(static_cast<std::size_t>(size) * size, 0.f)};
  kernel.weights[kernel.weights.size() / 2] = 1.f;
  return kernel;
}

}  // namespace

void validateKernel(const ConvKernel& kernel) {
  requireKernelSize(kernel.size, "convolution");
  KC_REQUIRE(kernel.weights.size() == static_cast<std::size_t>(kernel.size) * kernel.size,
             "convolution: kernel of size " + std::to_string(kernel.size) + " needs " +
                 std::to_string(kernel.size * kernel.size) + " weights, got " + std::to_string(kernel.weights.size()));
  for (std::size_t i = 0; i < kernel.weights.size(); ++i)
    KC_REQUIRE(std::isfinite(kernel.weights[i]),
               "convolution: weight " + std::to_string(i) + " is not finite (NaN or Inf)");
}

double gaussianSigmaForSize(int size) { return 0.3 * ((size - 1) * 0.5 - 1) + 0.8; }

ConvKernel makePresetKernel(ConvPreset preset, int size) {
  requireKernelSize(size, "makePresetKernel");
  const int n = size;
  const int r = n / 2;
  const std::size_t count = static_cast<std::size_t>(n) * n;
  switch (preset) {
    case ConvPreset::Box:
      return ConvKernel{n, std::vector<float>(count, 1.f / static_cast<float>(count))};
    case ConvPreset::Gaussian: {
      const double sigma = gaussianSigmaForSize(n);
      std::vector<double> g(static_cast<std::size_t>(n));
      double sum = 0;
      for (int i = 0; i < n; ++i) sum += g[i] = std::exp(-double(i - r) * (i - r) / (2 * sigma * sigma));
      for (double& v : g) v /= sum;
      return outerProduct(g, g);
    }
    case ConvPreset::Sharpen: {
      if (n == 3) return ConvKernel{3, {0, -1, 0, -1, 5, -1, 0, -1, 0}};
      ConvKernel kernel{n, std::vector<float>(count, -1.f / static_cast<float>(count))};
      kernel.weights[count / 2] += 2.f;
      return kernel;
    }
    case ConvPreset::SobelX:
    case ConvPreset::SobelY: {
      KC_REQUIRE(n >= 3, "makePresetKernel: sobel needs size >= 3 (OpenCV's ksize 1 is a 3x1 kernel)");
      const auto smooth = sobelTaps(n, 0);
      const auto deriv = sobelTaps(n, 1);
      return preset == ConvPreset::SobelX ? outerProduct(smooth, deriv) : outerProduct(deriv, smooth);
    }
    case ConvPreset::Laplacian: {
      KC_REQUIRE(n >= 3, "makePresetKernel: laplacian needs size >= 3");
      if (n == 3) return ConvKernel{3, {0, 1, 0, 1, -4, 1, 0, 1, 0}};
      const auto smooth = sobelTaps(n, 0);
      const auto second = sobelTaps(n, 2);
      ConvKernel kernel{n, std::vector<float>(count)};
      for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x)
          kernel.weights[static_cast<std::size_t>(y) * n + x] =
              static_cast<float>(smooth[y] * second[x] + second[y] * smooth[x]);
      return kernel;
    }
    case ConvPreset::Emboss: {
      if (n == 3) return ConvKernel{3, {-2, -1, 0, -1, 1, 1, 0, 1, 2}};
      ConvKernel kernel = identityKernel(n);
      double positive = 0;
      for (int dy = -r; dy <= r; ++dy)
        for (int dx = -r; dx <= r; ++dx) positive += std::max(0, dx + dy);
      if (positive == 0) return kernel;  // n == 1
      for (int dy = -r; dy <= r; ++dy)
        for (int dx = -r; dx <= r; ++dx)
          kernel.weights[static_cast<std::size_t>(dy + r) * n + (dx + r)] +=
              static_cast<float>(4.0 * (dx + dy) / positive);
      return kernel;
    }
    case ConvPreset::Identity:
      return identityKernel(n);
    case ConvPreset::Custom:
      break;
  }
  throw InvalidArgument("makePresetKernel: ConvPreset::Custom has no preset weights; build a ConvKernel");
}

std::optional<SeparableKernel> separateKernel(const ConvKernel& kernel, float relativeTolerance) {
  validateKernel(kernel);
  const int n = kernel.size;
  int pivotX = 0, pivotY = 0;
  float maxAbs = 0.f;
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x)
      if (std::fabs(kernel.at(x, y)) > maxAbs) maxAbs = std::fabs(kernel.at(x, y)), pivotX = x, pivotY = y;

  SeparableKernel result{std::vector<float>(n, 0.f), std::vector<float>(n, 0.f)};
  if (maxAbs == 0.f) return result;  // rank 0: zero times zero

  // A rank-one K satisfies K(x,y) = K(x,py) * K(px,y) / K(px,py): take the pivot's row and column.
  std::vector<double> row(n), column(n);
  const double pivot = kernel.at(pivotX, pivotY);
  for (int i = 0; i < n; ++i) {
    row[i] = kernel.at(i, pivotY) / pivot;
    column[i] = kernel.at(pivotX, i);
  }
  // Balance the factors so a normalised kernel (gaussian, box) gets a row that sums to one.
  double rowSum = 0;
  for (double v : row) rowSum += v;
  if (std::fabs(rowSum) > 1e-6) {
    for (double& v : row) v /= rowSum;
    for (double& v : column) v *= rowSum;
  }
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x)
      if (std::fabs(kernel.at(x, y) - column[y] * row[x]) > double(relativeTolerance) * maxAbs) return std::nullopt;
  for (int i = 0; i < n; ++i) {
    result.row[i] = static_cast<float>(row[i]);
    result.column[i] = static_cast<float>(column[i]);
  }
  return result;
}

}  // namespace kc
