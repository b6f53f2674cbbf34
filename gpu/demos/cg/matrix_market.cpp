#include "gpu/demos/cg/matrix_market.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

namespace kc::cg {

MatrixMarketError::MatrixMarketError(const std::string& source, int line, const std::string& what)
    : kc::InvalidArgument(source + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " + what),
      source_(source),
      line_(line) {}

namespace {

enum class Field { Real, Integer, Pattern };

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

std::vector<std::string> splitWords(const std::string& line) {
  std::istringstream words(line);
  std::vector<std::string> out;
  for (std::string w; words >> w;) out.push_back(w);
  return out;
}

// Reads lines, strips a trailing CR (files written on Windows) and counts them.
class LineReader {
 public:
  LineReader(std::istream& in, std::string source) : in_(in), source_(std::move(source)) {}
  bool next(std::string& line) {
    if (!std::getline(in_, line)) return false;
    ++lineNo_;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return true;
  }
  // Next line that is neither blank nor a % comment.
  bool nextData(std::string& line) {
    while (next(line)) {
      const auto first = line.find_first_not_of(" \t\f\v");
      if (first != std::string::npos && line[first] != '%') return true;
    }
    return false;
  }
  [[noreturn]] void fail(const std::string& what) const { throw MatrixMarketError(source_, lineNo_, what); }
  int lineNo() const noexcept { return lineNo_; }

 private:
  std::istream& in_;
  std::string source_;
  int lineNo_ = 0;
};

bool parseInt64(const std::string& word, long long& out) {
  errno = 0;
  char* end = nullptr;
  out = std::strtoll(word.c_str(), &end, 10);
  return errno == 0 && end != word.c_str() && *end == '\0';
}

bool parseDouble(const std::string& word, double& out) {
  errno = 0;
  char* end = nullptr;
  out = std::strtod(word.c_str(), &end);
  return end != word.c_str() && *end == '\0' && errno != ERANGE;
}

Field parseHeader(LineReader& lines, bool& symmetric) {
  std::string line;
  if (!lines.next(line)) lines.fail("empty input: missing the '%%MatrixMarket matrix coordinate ...' header");
  const auto words = splitWords(line);
  if (words.empty() || lower(words[0]) != "%%matrixmarket")
    lines.fail("missing header: the first line must be '%%MatrixMarket matrix coordinate <field> <symmetry>'");
  if (words.size() != 5)
    lines.fail("bad header '" + line + "': expected '%%MatrixMarket matrix coordinate <field> <symmetry>'");
  if (lower(words[1]) != "matrix") lines.fail("bad header: object '" + words[1] + "' is not 'matrix'");
  const std::string format = lower(words[2]);
  if (format == "array") lines.fail("unsupported format 'array' (dense): only 'coordinate' (sparse) files are read");
  if (format != "coordinate") lines.fail("bad header: unknown format '" + words[2] + "'");
  const std::string field = lower(words[3]);
  const std::string symmetry = lower(words[4]);
  Field f;
  if (field == "real" || field == "double")
    f = Field::Real;
  else if (field == "integer")
    f = Field::Integer;
  else if (field == "pattern")
    f = Field::Pattern;
  else if (field == "complex")
    lines.fail("unsupported field 'complex': CG here solves real systems only");
  else
    lines.fail("bad header: unknown field '" + words[3] + "'");
  if (symmetry == "general")
    symmetric = false;
  else if (symmetry == "symmetric")
    symmetric = true;
  else if (symmetry == "hermitian" || symmetry == "skew-symmetric")
    lines.fail("unsupported symmetry '" + words[4] + "': only 'general' and 'symmetric' are read");
  else
    lines.fail("bad header: unknown symmetry '" + words[4] + "'");
  return f;
}

}  // namespace

CsrMatrix readMatrixMarket(std::istream& in, const std::string& sourceName, MatrixMarketOptions options) {
  LineReader lines(in, sourceName);
  bool symmetric = false;
  const Field field = parseHeader(lines, symmetric);

  std::string line;
  if (!lines.nextData(line)) lines.fail("truncated file: missing the size line 'rows cols entries'");
  const auto size = splitWords(line);
  long long rows = 0, cols = 0, declared = 0;
  if (size.size() != 3 || !parseInt64(size[0], rows) || !parseInt64(size[1], cols) || !parseInt64(size[2], declared))
    lines.fail("bad size line '" + line + "': expected three integers 'rows cols entries'");
  if (rows < 0 || cols < 0 || declared < 0) lines.fail("bad size line '" + line + "': negative size");
  if (rows == 0 || cols == 0) lines.fail("empty matrix (" + size[0] + " x " + size[1] + ")");
  if (rows > 2147483647LL || cols > 2147483647LL) lines.fail("matrix too large for 32-bit indices");
  if (symmetric && rows != cols) lines.fail("a 'symmetric' matrix must be square, size line says " + size[0] + " x " + size[1]);
  if (options.requireSquare && rows != cols)
    lines.fail("matrix is " + size[0] + " x " + size[1] + ", not square: CG needs a square matrix");
  if (declared > 2147483647LL) lines.fail("too many entries for 32-bit indices");
  const std::size_t expectedWords = field == Field::Pattern ? 2 : 3;

  std::vector<CooEntry> entries;
  // The size line is a claim, not a fact: a 60-byte file declaring 2^31 entries must not make us
  // reserve 64 GB before its second line proves it false. Reserve up to a million; grow after.
  constexpr long long kReserveAtMost = 1 << 20;
  entries.reserve(static_cast<std::size_t>(std::min(declared, kReserveAtMost)) * (symmetric ? 2 : 1));
  for (long long k = 0; k < declared; ++k) {
    if (!lines.nextData(line))
      lines.fail("truncated file: the size line declares " + std::to_string(declared) + " entries, found " +
                 std::to_string(k));
    const auto words = splitWords(line);
    if (words.size() != expectedWords)
      lines.fail("bad entry '" + line + "': expected " +
                 (field == Field::Pattern ? std::string("'row col'") : std::string("'row col value'")));
    long long i = 0, j = 0;
    if (!parseInt64(words[0], i) || !parseInt64(words[1], j)) lines.fail("bad entry '" + line + "': indices must be integers");
    if (i < 1 || i > rows || j < 1 || j > cols)
      lines.fail("index (" + words[0] + ", " + words[1] + ") out of range for a " + size[0] + " x " + size[1] +
                 " matrix (indices are 1-based)");
    double value = 1.0;
    if (field == Field::Integer) {
      long long iv = 0;
      if (!parseInt64(words[2], iv)) lines.fail("bad entry '" + line + "': value is not an integer");
      value = static_cast<double>(iv);
    } else if (field == Field::Real) {
      if (!parseDouble(words[2], value)) lines.fail("bad entry '" + line + "': value is not a number");
      if (!std::isfinite(value)) lines.fail("entry '" + line + "' is NaN or infinite");
    }
    if (symmetric && j > i)
      lines.fail("entry (" + words[0] + ", " + words[1] +
                 ") lies above the diagonal: asymmetric 'symmetric' file (only the lower triangle may be stored; "
                 "this usually means a wrong or mislabelled file)");
    const int r = static_cast<int>(i - 1), c = static_cast<int>(j - 1);
    entries.push_back({r, c, value});
    if (symmetric && r != c) entries.push_back({c, r, value});
  }
  if (lines.nextData(line))
    lines.fail("extra entries: the size line declares " + std::to_string(declared) + " entries, found more ('" + line + "')");
  return csrFromCoo(static_cast<int>(rows), static_cast<int>(cols), std::move(entries));
}

CsrMatrix readMatrixMarket(const std::filesystem::path& path, MatrixMarketOptions options) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw MatrixMarketError(path.string(), 0, "cannot open the file");
  return readMatrixMarket(in, path.string(), options);
}

}  // namespace kc::cg
