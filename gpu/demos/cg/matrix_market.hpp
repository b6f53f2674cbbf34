#pragma once
// Matrix Market reader for the CG demo: coordinate format, real / integer / pattern fields,
// general or symmetric (lower triangle stored, expanded to the full matrix), plain or
// gzip-compressed (told by its first byte, whatever the name: data/matrices holds NAME.mtx.gz).
// Every malformed input throws MatrixMarketError naming the source and the 1-based line.
#include <filesystem>
#include <functional>
#include <istream>
#include <optional>
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

// What the size line declares, handed to MatrixMarketOptions::checkSize before anything is allocated.
struct MatrixMarketSize {
  long long rows = 0, cols = 0;
  long long entries = 0;   // as declared (stored entries)
  long long nonzeros = 0;  // at most, after a 'symmetric' file's expansion
  bool symmetric = false;
};

struct MatrixMarketOptions {
  bool requireSquare = true;  // CG needs a square matrix: say so at the size line
  // Called once the size line is read and found consistent with the file's length, before any
  // allocation: the caller's own admission (CG needs vectors of `rows`). An exception it throws
  // (kc::InvalidArgument, e.g. kc::OutOfMemory) becomes a MatrixMarketError naming the size line.
  std::function<void(const MatrixMarketSize&)> checkSize;
};

// Host bytes the reader needs at its peak for a matrix of this size (coordinate entries plus the
// CSR arrays they become); it refuses (MatrixMarketError) when MemAvailable is smaller.
double matrixMarketReadBytes(const MatrixMarketSize& size);

// The longest line the reader accepts: Matrix Market lines are short, and a file without line
// breaks must not be read into memory whole.
constexpr std::size_t kMatrixMarketMaxLineBytes = 64 * 1024;

// `sourceName` only labels the messages (a path, "<string>", ...). A seekable stream's length is
// checked against the entries its size line declares (a compressed one's cannot be: the memory
// admission at the size line still holds). Damaged or truncated gzip data is a MatrixMarketError
// at the line it reached.
CsrMatrix readMatrixMarket(std::istream& in, const std::string& sourceName, MatrixMarketOptions options = {});
// Regular files only (a directory, FIFO or device is refused naming the reason, like images).
CsrMatrix readMatrixMarket(const std::filesystem::path& path, MatrixMarketOptions options = {});

// The file a matrix's bare name means in `folder`: NAME itself, else NAME.gz (data/matrices keeps
// NAME.mtx.gz), and for a name without a suffix ("nos2") NAME.mtx, NAME.mtx.gz; nullopt when none
// of them is a file there. `kernelcam demo cg --matrix nos2.mtx` and the bench's CG rows find theirs so.
std::optional<std::filesystem::path> findMatrixFile(const std::filesystem::path& folder, const std::string& name);

}  // namespace kc::cg
