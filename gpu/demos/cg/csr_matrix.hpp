#pragma once
// Compressed sparse row matrix of the CG demo, its construction from coordinate entries and the
// plain single-threaded SpMV every GPU kernel is checked against. Values are kept in double; the
// float solvers convert once when they upload. (Included by .cu files: C++17 only.)
#include <cstddef>
#include <cstdint>
#include <vector>

namespace kc::cg {

struct CsrMatrix {
  int rows = 0;
  int cols = 0;
  std::vector<int> rowPtr;  // rows + 1 offsets into colIdx / values
  std::vector<int> colIdx;  // sorted ascending within each row, no duplicates
  std::vector<double> values;

  std::size_t nnz() const noexcept { return values.size(); }
  double meanRowLength() const noexcept { return rows > 0 ? static_cast<double>(nnz()) / rows : 0.0; }
};

// One stored entry, 0-based.
struct CooEntry {
  int row;
  int col;
  double value;
};

// Sorts by (row, col) and sums duplicated positions (the Matrix Market rule). Throws
// kc::InvalidArgument for indices out of range or more than 2^31-1 nonzeros.
CsrMatrix csrFromCoo(int rows, int cols, std::vector<CooEntry> entries);

// 5-point Laplacian (4 on the diagonal, -1 to each grid neighbour, Dirichlet boundary) on an
// n x n grid, unknowns numbered row by row: SPD, n^2 rows, any size without a file.
CsrMatrix poisson2D(int n);

// y = A x, plain loop; T is float or double (products accumulated in T, like the GPU rows).
template <class T>
void spmvCpu(const CsrMatrix& a, const T* x, T* y);

// ||b - A x||_2 / ||b||_2 computed entirely in double (the figure every solver reports).
double relativeResidual(const CsrMatrix& a, const std::vector<double>& x, const std::vector<double>& b);

// The diagonal of A (0 where a row stores none).
std::vector<double> diagonalOf(const CsrMatrix& a);

// A stored entry whose mirror differs, or none when A is symmetric (square, every a(r,c) equal to
// a(c,r) within a relative 1e-12, which forgives a general file's rounding but not a wrong file).
struct AsymmetricPair {
  int row, col;
  double value, mirror;
};
bool findAsymmetry(const CsrMatrix& a, AsymmetricPair* found);

}  // namespace kc::cg
