#include "gpu/demos/cg/matrix_market.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string_view>
#include <vector>

#include "gpu/core/gzip_input.hpp"
#include "gpu/core/input_file.hpp"
#include "gpu/core/memory_budget.hpp"
#include "gpu/core/message_text.hpp"

namespace kc::cg {

namespace {
// "file:line: what" (appended piece by piece: gcc 12 warns falsely about `":" + std::string` here).
std::string located(const std::string& source, int line, const std::string& what) {
  std::string text = source;
  if (line > 0) {
    text += ':';
    text += std::to_string(line);
  }
  text += ": ";
  text += what;
  return text;
}
}  // namespace

MatrixMarketError::MatrixMarketError(const std::string& source, int line, const std::string& what)
    : kc::InvalidArgument(located(source, line, what)), source_(source), line_(line) {}

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

// Reads lines (at most kMatrixMarketMaxLineBytes each), strips a trailing CR (files written on
// Windows) and counts them.
class LineReader {
 public:
  LineReader(std::istream& in, std::string source) : in_(in), source_(std::move(source)) {}
  bool next(std::string& line) {
    line.clear();
    std::streambuf* buffer = in_.rdbuf();
    bool any = false;
    try {
      // Not std::getline: it would take a line of any length into memory (a file without line breaks).
      for (int c = buffer->sbumpc(); c != std::char_traits<char>::eof(); c = buffer->sbumpc()) {
        any = true;
        if (c == '\n') break;
        if (line.size() == kMatrixMarketMaxLineBytes) {
          ++lineNo_;
          fail("line longer than " + std::to_string(kMatrixMarketMaxLineBytes) + " bytes (not a Matrix Market file?)");
        }
        line.push_back(static_cast<char>(c));
      }
    } catch (const GzipError& e) {  // a .mtx.gz damaged or cut short: named at the line it reached
      ++lineNo_;
      fail(e.what());
    }
    if (!any) return false;
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

enum class Parsed { Ok, NotANumber, OutOfRange };

Parsed parseInt64(const std::string& word, long long& out) {
  errno = 0;
  char* end = nullptr;
  out = std::strtoll(word.c_str(), &end, 10);
  if (end == word.c_str() || *end != '\0') return Parsed::NotANumber;
  return errno == ERANGE ? Parsed::OutOfRange : Parsed::Ok;
}

// An underflow (1e-320, 1e-400) is a number, read as the nearest double (subnormal or 0); only an
// overflow beyond the double range is refused.
Parsed parseDouble(const std::string& word, double& out) {
  errno = 0;
  char* end = nullptr;
  out = std::strtod(word.c_str(), &end);
  if (end == word.c_str() || *end != '\0') return Parsed::NotANumber;
  return errno == ERANGE && std::isinf(out) ? Parsed::OutOfRange : Parsed::Ok;
}

// Bytes from the stream's position to its end; nullopt where it cannot seek (a pipe).
std::optional<long long> bytesLeft(std::istream& in) {
  const std::streampos here = in.tellg();
  if (here == std::streampos(-1) || !in.seekg(0, std::ios::end)) {
    in.clear();
    return std::nullopt;
  }
  const std::streampos end = in.tellg();
  in.seekg(here);
  if (end == std::streampos(-1) || !in) {
    in.clear();
    return std::nullopt;
  }
  return static_cast<long long>(end - here);
}

Field parseHeader(LineReader& lines, bool& symmetric) {
  std::string line;
  if (!lines.next(line)) lines.fail("empty input: missing the '%%MatrixMarket matrix coordinate ...' header");
  // A UTF-8 byte order mark, which Windows editors put at the start of a text file they save.
  constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
  if (line.starts_with(kByteOrderMark)) line.erase(0, kByteOrderMark.size());
  const auto words = splitWords(line);
  if (words.empty() || lower(words[0]) != "%%matrixmarket")
    lines.fail("missing header: the first line must be '%%MatrixMarket matrix coordinate <field> <symmetry>'");
  if (words.size() != 5)
    lines.fail("bad header " + quotedText(line) + ": expected '%%MatrixMarket matrix coordinate <field> <symmetry>'");
  if (lower(words[1]) != "matrix") lines.fail("bad header: object " + quotedText(words[1]) + " is not 'matrix'");
  const std::string format = lower(words[2]);
  if (format == "array") lines.fail("unsupported format 'array' (dense): only 'coordinate' (sparse) files are read");
  if (format != "coordinate") lines.fail("bad header: unknown format " + quotedText(words[2]));
  const std::string field = lower(words[3]);
  const std::string symmetry = lower(words[4]);
  Field f;
  if (field == "real" || field == "double") f = Field::Real;
  else if (field == "integer") f = Field::Integer;
  else if (field == "pattern") f = Field::Pattern;
  else if (field == "complex") lines.fail("unsupported field 'complex': CG here solves real systems only");
  else lines.fail("bad header: unknown field " + quotedText(words[3]));
  if (symmetry == "general") symmetric = false;
  else if (symmetry == "symmetric") symmetric = true;
  else if (symmetry == "hermitian" || symmetry == "skew-symmetric")
    lines.fail("unsupported symmetry " + quotedText(words[4]) + ": only 'general' and 'symmetric' are read");
  else lines.fail("bad header: unknown symmetry " + quotedText(words[4]));
  return f;
}

}  // namespace

double matrixMarketReadBytes(const MatrixMarketSize& size) {
  // Coordinate entries (16 bytes each) and the CSR arrays (value + column index per nonzero, one
  // offset per row) exist together while csrFromCoo sorts and compresses.
  const double nonzeros = static_cast<double>(size.nonzeros);
  return nonzeros * sizeof(CooEntry) + nonzeros * (sizeof(double) + sizeof(int)) +
         (static_cast<double>(size.rows) + 1) * sizeof(int);
}

namespace {

constexpr long long kReserveAtMost = 1 << 20;  // entries reserved before any is read

// The size line "rows cols entries", checked (32-bit indices, square where asked, a 'symmetric'
// file square) and admitted: the memory it claims, and the caller's own check (options.checkSize).
MatrixMarketSize readSizeLine(LineReader& lines, std::istream& in, Field field, bool symmetric,
                              const MatrixMarketOptions& options) {
  std::string line;
  if (!lines.nextData(line)) lines.fail("truncated file: missing the size line 'rows cols entries'");
  const auto size = splitWords(line);
  long long rows = 0, cols = 0, declared = 0;
  if (size.size() != 3)
    lines.fail("bad size line " + quotedText(line) + ": expected three integers 'rows cols entries'");
  for (std::size_t i = 0; i < 3; ++i) {
    long long& value = i == 0 ? rows : i == 1 ? cols : declared;
    const Parsed parsed = parseInt64(size[i], value);
    if (parsed == Parsed::NotANumber)
      lines.fail("bad size line " + quotedText(line) + ": expected three integers 'rows cols entries'");
    if (parsed == Parsed::OutOfRange)
      lines.fail("bad size line: " + quotedText(size[i]) + " is out of range (32-bit indices: at most 2147483647)");
  }
  // The parsed values, not the words: "000...01" must not come back as a megabyte of zeros.
  const std::string rowsText = std::to_string(rows), colsText = std::to_string(cols),
                    declaredText = std::to_string(declared);
  if (rows < 0 || cols < 0 || declared < 0) lines.fail("bad size line " + quotedText(line) + ": negative size");
  if (rows == 0 || cols == 0) lines.fail("empty matrix (" + rowsText + " x " + colsText + ")");
  if (rows > 2147483647LL || cols > 2147483647LL)
    lines.fail("matrix " + rowsText + " x " + colsText + " is too large for 32-bit indices (at most 2147483647)");
  if (symmetric && rows != cols)
    lines.fail("a 'symmetric' matrix must be square, size line says " + rowsText + " x " + colsText);
  if (options.requireSquare && rows != cols)
    lines.fail("matrix is " + rowsText + " x " + colsText + ", not square: CG needs a square matrix");
  if (declared > 2147483647LL)
    lines.fail(declaredText + " entries are too many for 32-bit indices (at most 2147483647)");
  // The size line is a claim, not a fact: each entry takes a line of at least "i j\n" (pattern) or
  // "i j v\n", so a file too short for a large declared count is refused before anything is
  // allocated (a small one reads on to the precise "found N").
  const long long minLineBytes = field == Field::Pattern ? 4 : 6;
  if (const std::optional<long long> left = bytesLeft(in);
      left && declared > kReserveAtMost && (declared * minLineBytes - 1) > *left)
    lines.fail("the size line declares " + declaredText + " entries, but only " + std::to_string(*left) +
               " bytes follow (truncated file, or a wrong size line)");
  MatrixMarketSize declaredSize{rows, cols, declared, symmetric ? 2 * declared : declared, symmetric};
  try {
    requireMemory("a " + rowsText + " x " + colsText + " matrix with " + declaredText + " entries",
                  {matrixMarketReadBytes(declaredSize), 0});
    if (options.checkSize) options.checkSize(declaredSize);
  } catch (const InvalidArgument& e) {
    lines.fail(e.what());
  }
  return declaredSize;
}

// One entry line "row col [value]" of a matrix of `size`: checked, and added (with its mirror image
// above the diagonal in a 'symmetric' file).
void readEntry(const LineReader& lines, const std::string& line, Field field, const MatrixMarketSize& size,
               std::vector<CooEntry>& entries) {
  const std::size_t expectedWords = field == Field::Pattern ? 2 : 3;
  const long long rows = size.rows, cols = size.cols;
  const bool symmetric = size.symmetric;
  const auto words = splitWords(line);
  if (words.size() != expectedWords)
    lines.fail("bad entry " + quotedText(line) + ": expected " +
               (field == Field::Pattern ? std::string("'row col'") : std::string("'row col value'")));
  long long i = 0, j = 0;
  const Parsed pi = parseInt64(words[0], i), pj = parseInt64(words[1], j);
  if (pi == Parsed::NotANumber || pj == Parsed::NotANumber)
    lines.fail("bad entry " + quotedText(line) + ": indices must be integers");
  if (pi == Parsed::OutOfRange || pj == Parsed::OutOfRange || i < 1 || i > rows || j < 1 || j > cols)
    lines.fail("index (" + quotedText(words[0], 24) + ", " + quotedText(words[1], 24) + ") out of range for a " +
               std::to_string(rows) + " x " + std::to_string(cols) + " matrix (indices are 1-based)");
  double value = 1.0;
  if (field == Field::Integer) {
    long long iv = 0;
    const Parsed parsed = parseInt64(words[2], iv);
    if (parsed == Parsed::NotANumber) lines.fail("bad entry " + quotedText(line) + ": value is not an integer");
    if (parsed == Parsed::OutOfRange)
      lines.fail("value " + quotedText(words[2]) + " is out of range for a 64-bit integer");
    value = static_cast<double>(iv);
  } else if (field == Field::Real) {
    const Parsed parsed = parseDouble(words[2], value);
    if (parsed == Parsed::NotANumber) lines.fail("bad entry " + quotedText(line) + ": value is not a number");
    if (parsed == Parsed::OutOfRange)
      lines.fail("value " + quotedText(words[2]) + " is out of range (a double holds at most about 1.8e308)");
    if (!std::isfinite(value)) lines.fail("entry " + quotedText(line) + " is NaN or infinite");
  }
  if (symmetric && j > i)
    lines.fail("entry (" + words[0] + ", " + words[1] +
               ") lies above the diagonal: asymmetric 'symmetric' file (only the lower triangle may be stored; "
               "this usually means a wrong or mislabelled file)");
  const int r = static_cast<int>(i - 1), c = static_cast<int>(j - 1);
  entries.push_back({r, c, value});
  if (symmetric && r != c) entries.push_back({c, r, value});
}

CsrMatrix readUncompressed(std::istream& in, const std::string& sourceName, MatrixMarketOptions options) {
  LineReader lines(in, sourceName);
  bool symmetric = false;
  const Field field = parseHeader(lines, symmetric);
  const MatrixMarketSize size = readSizeLine(lines, in, field, symmetric, options);
  const long long declared = size.entries;

  std::string line;
  std::vector<CooEntry> entries;
  // Reserve up to a million; grow after (the admission above already covers the whole count).
  entries.reserve(static_cast<std::size_t>(std::min(declared, kReserveAtMost)) * (symmetric ? 2 : 1));
  for (long long k = 0; k < declared; ++k) {
    if (!lines.nextData(line))
      lines.fail("truncated file: the size line declares " + std::to_string(declared) + " entries, found " +
                 std::to_string(k));
    readEntry(lines, line, field, size, entries);
  }
  if (lines.nextData(line))
    lines.fail("extra entries: the size line declares " + std::to_string(declared) + " entries, found more (" +
               quotedText(line) + ")");
  return csrFromCoo(static_cast<int>(size.rows), static_cast<int>(size.cols), std::move(entries));
}

}  // namespace

CsrMatrix readMatrixMarket(std::istream& in, const std::string& sourceName, MatrixMarketOptions options) {
  if (!startsLikeGzip(in)) return readUncompressed(in, sourceName, std::move(options));
  // A .mtx.gz (data/matrices): the same reader on the uncompressed bytes, inflated a block at a time.
  std::optional<GzipInputBuffer> inflated;
  try {
    inflated.emplace(in);
  } catch (const GzipError& e) {
    throw MatrixMarketError(sourceName, 0, e.what());
  }
  std::istream text(&*inflated);
  return readUncompressed(text, sourceName, std::move(options));
}

CsrMatrix readMatrixMarket(const std::filesystem::path& path, MatrixMarketOptions options) {
  if (const std::string why = unreadableInputReason(path.string()); !why.empty())
    throw MatrixMarketError(path.string(), 0, why);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw MatrixMarketError(path.string(), 0, "cannot open the file");
  return readMatrixMarket(in, path.string(), options);
}

std::optional<std::filesystem::path> findMatrixFile(const std::filesystem::path& folder, const std::string& name) {
  std::vector<std::string> names{name, name + ".gz"};
  if (name.find('.') == std::string::npos) names.insert(names.end(), {name + ".mtx", name + ".mtx.gz"});
  for (const std::string& candidate : names) {
    std::error_code error;
    if (std::filesystem::is_regular_file(folder / candidate, error)) return folder / candidate;
  }
  return std::nullopt;
}

}  // namespace kc::cg
