// Small systems written out by hand, shared by CG's tests and its must-fail tests
// (tests/error/gpu/demos/cg/cg_cpu_test.cpp).
#pragma once

#include <cstddef>
#include <vector>

#include "gpu/demos/cg/csr_matrix.hpp"

namespace kc::cg::test {

// The n x n matrix of rowMajor, its zeros left out.
inline CsrMatrix dense(int n, const std::vector<double>& rowMajor) {
  std::vector<CooEntry> e;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      if (rowMajor[r * n + c] != 0) e.push_back({r, c, rowMajor[r * n + c]});
  return csrFromCoo(n, n, e);
}

// b = (1, ..., 1).
inline std::vector<double> ones(int n) { return std::vector<double>(static_cast<std::size_t>(n), 1.0); }

}  // namespace kc::cg::test
