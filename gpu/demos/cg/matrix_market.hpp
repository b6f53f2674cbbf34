#pragma once
// Matrix Market reader for the CG demo: coordinate format, real / integer / pattern fields,
// general or symmetric (lower triangle stored, expanded to the full matrix). Every malformed
// input throws MatrixMarketError naming the source and the 1-based line.
#include <filesystem>
#include <istream>
#include <string>

#include "gpu/core/error.hpp"
#include "gpu/demos/cg/csr_matrix.hpp"

namespace kc::cg {

class MatrixMarketError : public kc::InvalidArgument {
 public:
  MatrixMarketError(const std::string& source, int line, const std::string& what);
  const std::string& source() const noexcept { return source_; }
  int line() const noexcept { return line_; }  // 0 where no line applies (file cannot be opened)

 private:
  std::string source_;
  int line_;
};

struct MatrixMarketOptions {
  bool requireSquare = true;  // CG needs a square matrix: say so at the size line
};

// `sourceName` only labels the messages (a path, "<string>", ...).
CsrMatrix readMatrixMarket(std::istream& in, const std::string& sourceName, MatrixMarketOptions options = {});
CsrMatrix readMatrixMarket(const std::filesystem::path& path, MatrixMarketOptions options = {});

}  // namespace kc::cg
