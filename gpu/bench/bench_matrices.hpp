#pragma once
// Sparse matrices for the CG rows: a Matrix Market reader (coordinate, real/integer/pattern,
// general/symmetric; symmetric files store one triangle and are expanded) and the 5-point
// Poisson matrix. Plain C++.
// TODO(bench): use gpu/demos/cg's parser instead once it is in main (one reader, one test).
#include <cstddef>
#include <string>
#include <vector>

namespace kc::bench {

struct CsrMatrix {
  int rows = 0;
  int columns = 0;
  std::vector<int> rowOffsets;  // rows + 1
  std::vector<int> columnIndices;
  std::vector<float> values;
  std::size_t nonZeros() const { return values.size(); }
};

// Throws kc::Error (file missing, malformed header or entry, unsupported format).
CsrMatrix readMatrixMarket(const std::string& path);

// The 2D Laplacian on a side x side grid (Dirichlet boundary): 4 on the diagonal, -1 for each
// of the up to four neighbours; symmetric positive definite, side^2 unknowns.
CsrMatrix poisson2d(int side);

}  // namespace kc::bench
