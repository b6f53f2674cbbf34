#include "gpu/demos/cg/csr_matrix.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "gpu/core/error.hpp"

namespace kc::cg {

CsrMatrix csrFromCoo(int rows, int cols, std::vector<CooEntry> entries) {
  KC_REQUIRE(rows >= 0 && cols >= 0, "csrFromCoo: negative dimensions");
  for (const CooEntry& e : entries)
    KC_REQUIRE(e.row >= 0 && e.row < rows && e.col >= 0 && e.col < cols,
               "csrFromCoo: entry (" + std::to_string(e.row) + ", " + std::to_string(e.col) + ") outside a " +
                   std::to_string(rows) + " x " + std::to_string(cols) + " matrix");
  std::sort(entries.begin(), entries.end(),
            [](const CooEntry& a, const CooEntry& b) { return a.row != b.row ? a.row < b.row : a.col < b.col; });

  CsrMatrix m;
  m.rows = rows;
  m.cols = cols;
  m.rowPtr.assign(static_cast<std::size_t>(rows) + 1, 0);
  m.colIdx.reserve(entries.size());
  m.values.reserve(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const CooEntry& e = entries[i];
    const bool sameAsPrevious = i > 0 && entries[i - 1].row == e.row && entries[i - 1].col == e.col;
    if (sameAsPrevious) {
      m.values.back() += e.value;  // duplicates are summed
      continue;
    }
    KC_REQUIRE(m.values.size() < static_cast<std::size_t>(std::numeric_limits<int>::max()),
               "csrFromCoo: more than 2^31-1 nonzeros (32-bit CSR indices)");
    m.colIdx.push_back(e.col);
    m.values.push_back(e.value);
    ++m.rowPtr[static_cast<std::size_t>(e.row) + 1];
  }
  for (int r = 0; r < rows; ++r) m.rowPtr[r + 1] += m.rowPtr[r];
  return m;
}

CsrMatrix poisson2D(int n) {
  // 5 n^2 nonzeros must fit 32-bit indices.
  KC_REQUIRE(n >= 1 && n <= 20000, "poisson2D: n must be in [1, 20000], got " + std::to_string(n));
  const int rows = n * n;
  CsrMatrix m;
  m.rows = m.cols = rows;
  m.rowPtr.reserve(static_cast<std::size_t>(rows) + 1);
  m.colIdx.reserve(static_cast<std::size_t>(rows) * 5);
  m.values.reserve(static_cast<std::size_t>(rows) * 5);
  m.rowPtr.push_back(0);
  auto add = [&](int col, double v) {
    m.colIdx.push_back(col);
    m.values.push_back(v);
  };
  for (int gy = 0; gy < n; ++gy) {
    for (int gx = 0; gx < n; ++gx) {
      const int row = gy * n + gx;  // pushed in ascending column order
      if (gy > 0) add(row - n, -1.0);
      if (gx > 0) add(row - 1, -1.0);
      add(row, 4.0);
      if (gx + 1 < n) add(row + 1, -1.0);
      if (gy + 1 < n) add(row + n, -1.0);
      m.rowPtr.push_back(static_cast<int>(m.values.size()));
    }
  }
  return m;
}

template <class T>
void spmvCpu(const CsrMatrix& a, const T* x, T* y) {
  for (int r = 0; r < a.rows; ++r) {
    T sum = 0;
    for (int k = a.rowPtr[r]; k < a.rowPtr[r + 1]; ++k) sum += static_cast<T>(a.values[k]) * x[a.colIdx[k]];
    y[r] = sum;
  }
}
template void spmvCpu<float>(const CsrMatrix&, const float*, float*);
template void spmvCpu<double>(const CsrMatrix&, const double*, double*);

double relativeResidual(const CsrMatrix& a, const std::vector<double>& x, const std::vector<double>& b) {
  KC_REQUIRE(x.size() == static_cast<std::size_t>(a.cols) && b.size() == static_cast<std::size_t>(a.rows),
             "relativeResidual: vector sizes do not match the matrix");
  std::vector<double> ax(b.size());
  spmvCpu(a, x.data(), ax.data());
  double rr = 0, bb = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    const double ri = b[i] - ax[i];
    rr += ri * ri;
    bb += b[i] * b[i];
  }
  return bb > 0 ? std::sqrt(rr / bb) : std::sqrt(rr);
}

std::vector<double> diagonalOf(const CsrMatrix& a) {
  std::vector<double> d(static_cast<std::size_t>(a.rows), 0.0);
  for (int r = 0; r < a.rows; ++r)
    for (int k = a.rowPtr[r]; k < a.rowPtr[r + 1]; ++k)
      if (a.colIdx[k] == r) d[r] = a.values[k];
  return d;
}

namespace {
double storedAt(const CsrMatrix& a, int row, int col) {
  const auto first = a.colIdx.begin() + a.rowPtr[row], last = a.colIdx.begin() + a.rowPtr[row + 1];
  const auto it = std::lower_bound(first, last, col);
  return it != last && *it == col ? a.values[static_cast<std::size_t>(it - a.colIdx.begin())] : 0.0;
}
}  // namespace

bool findAsymmetry(const CsrMatrix& a, AsymmetricPair* found) {
  if (a.rows != a.cols) return false;
  for (int r = 0; r < a.rows; ++r)
    for (int k = a.rowPtr[r]; k < a.rowPtr[r + 1]; ++k) {
      const int c = a.colIdx[k];
      if (c == r) continue;
      const double value = a.values[k], mirror = storedAt(a, c, r);
      if (std::fabs(value - mirror) > 1e-12 * std::max(std::fabs(value), std::fabs(mirror))) {
        if (found) *found = {r, c, value, mirror};
        return true;
      }
    }
  return false;
}

}  // namespace kc::cg
