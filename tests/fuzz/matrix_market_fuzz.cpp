// Fuzz target: any bytes through the Matrix Market reader. A MatrixMarketError is the expected
// answer to bad input; anything else (crash, sanitizer report, other exception) is a finding.
// An accepted matrix must be a well-formed CSR matrix.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "gpu/demos/cg/matrix_market.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    const kc::cg::CsrMatrix m = kc::cg::readMatrixMarket(in, "<fuzz>");
    if (m.rows < 1 || m.rows != m.cols || m.rowPtr.size() != static_cast<std::size_t>(m.rows) + 1 ||
        m.rowPtr.back() != static_cast<int>(m.nnz()) || m.colIdx.size() != m.nnz())
      std::abort();
    for (int r = 0; r < m.rows; ++r)
      for (int k = m.rowPtr[r]; k < m.rowPtr[r + 1]; ++k)
        if (m.colIdx[k] < 0 || m.colIdx[k] >= m.cols || (k > m.rowPtr[r] && m.colIdx[k - 1] >= m.colIdx[k]))
          std::abort();
  } catch (const kc::cg::MatrixMarketError&) {
  }
  return 0;
}
