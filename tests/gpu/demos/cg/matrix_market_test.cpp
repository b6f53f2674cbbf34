// Matrix Market reader: the accepted dialects (symmetric expansion, duplicates, pattern, integer,
// comments, CRLF) and every malformed input it must reject with a message naming the line.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

#include "tests/support/test_data.hpp"
#include "gpu/core/memory_budget.hpp"
#include "gpu/demos/cg/matrix_market.hpp"

namespace kc::cg {
namespace {

CsrMatrix parse(const std::string& text, MatrixMarketOptions options = {}) {
  std::istringstream in(text);
  return readMatrixMarket(in, "<test>", options);
}

// Expects a MatrixMarketError whose message contains `needle` and names line `line`.
void expectRejected(const std::string& text, const std::string& needle, int line) {
  SCOPED_TRACE("input:\n" + text);
  try {
    parse(text);
    FAIL() << "accepted malformed input, expected an error containing '" << needle << "'";
  } catch (const MatrixMarketError& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << "message: " << e.what();
    EXPECT_EQ(e.line(), line) << "message: " << e.what();
    if (line > 0) {
      EXPECT_NE(std::string(e.what()).find("<test>:" + std::to_string(line) + ":"), std::string::npos) << e.what();
    }
  }
}

double at(const CsrMatrix& m, int r, int c) {
  for (int k = m.rowPtr[r]; k < m.rowPtr[r + 1]; ++k)
    if (m.colIdx[k] == c) return m.values[k];
  return 0.0;
}

const char* kHeader = "%%MatrixMarket matrix coordinate real general\n";

TEST(MatrixMarket, GeneralRealWithCommentsAndSortedColumns) {
  const auto m = parse(std::string(kHeader) + "% a comment\n%\n\n2 2 3\n2 2 5.5\n1 2 -1e-3\n1 1 2\n");
  EXPECT_EQ(m.rows, 2);
  EXPECT_EQ(m.cols, 2);
  ASSERT_EQ(m.nnz(), 3u);
  EXPECT_EQ(m.rowPtr, (std::vector<int>{0, 2, 3}));
  EXPECT_EQ(m.colIdx, (std::vector<int>{0, 1, 1}));
  EXPECT_EQ(m.values, (std::vector<double>{2.0, -1e-3, 5.5}));
}

TEST(MatrixMarket, SymmetricLowerTriangleIsExpanded) {
  const auto m = parse(
      "%%MatrixMarket matrix coordinate real symmetric\n3 3 4\n1 1 4\n2 1 -1\n3 2 -2\n3 3 6\n");
  EXPECT_EQ(m.nnz(), 6u);  // diagonal entries once, off-diagonal twice
  EXPECT_EQ(at(m, 0, 1), -1.0);
  EXPECT_EQ(at(m, 1, 0), -1.0);
  EXPECT_EQ(at(m, 1, 2), -2.0);
  EXPECT_EQ(at(m, 2, 1), -2.0);
  EXPECT_EQ(at(m, 1, 1), 0.0);  // not stored, not invented
  EXPECT_EQ(m.rowPtr, (std::vector<int>{0, 2, 4, 6}));
  for (int r = 0; r < 3; ++r)
    for (int k = m.rowPtr[r] + 1; k < m.rowPtr[r + 1]; ++k) EXPECT_LT(m.colIdx[k - 1], m.colIdx[k]);
}

TEST(MatrixMarket, DuplicatesAreSummed) {
  const auto m = parse(std::string(kHeader) + "2 2 4\n1 1 1.5\n2 1 3\n1 1 2.25\n2 1 -1\n");
  ASSERT_EQ(m.nnz(), 2u);
  EXPECT_EQ(at(m, 0, 0), 3.75);
  EXPECT_EQ(at(m, 1, 0), 2.0);
  // Symmetric duplicates off the diagonal are summed in both mirrored positions.
  const auto s = parse("%%MatrixMarket matrix coordinate real symmetric\n2 2 3\n2 1 1\n2 1 2\n2 2 1\n");
  EXPECT_EQ(at(s, 1, 0), 3.0);
  EXPECT_EQ(at(s, 0, 1), 3.0);
}

TEST(MatrixMarket, PatternAndIntegerFields) {
  const auto p = parse("%%MatrixMarket matrix coordinate pattern symmetric\n2 2 2\n1 1\n2 1\n");
  EXPECT_EQ(p.nnz(), 3u);
  EXPECT_EQ(at(p, 0, 0), 1.0);
  EXPECT_EQ(at(p, 0, 1), 1.0);
  const auto i = parse("%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 -7\n");
  EXPECT_EQ(at(i, 0, 0), -7.0);
}

TEST(MatrixMarket, HeaderIsCaseInsensitiveAndCrlfIsAccepted) {
  const auto m = parse("%%MatrixMarket MATRIX Coordinate REAL Symmetric\r\n1 1 1\r\n1 1 3\r\n");
  EXPECT_EQ(at(m, 0, 0), 3.0);
}

TEST(MatrixMarket, OneByOne) {
  const auto m = parse(std::string(kHeader) + "1 1 1\n1 1 4\n");
  EXPECT_EQ(m.rows, 1);
  EXPECT_EQ(m.values, std::vector<double>{4.0});
}

TEST(MatrixMarket, NonSquareOnlyWhenAllowed) {
  const std::string text = std::string(kHeader) + "2 3 1\n2 3 1\n";
  expectRejected(text, "not square", 2);
  const auto m = parse(text, MatrixMarketOptions{false});
  EXPECT_EQ(m.cols, 3);
  EXPECT_EQ(at(m, 1, 2), 1.0);
}

// "Must fail cleanly": each malformed input, the phrase its message must contain, its line.
struct Malformed {
  const char* name;
  std::string text;
  const char* needle;
  int line;
};

TEST(MatrixMarketRejects, EveryMalformedInput) {
  const std::string sym = "%%MatrixMarket matrix coordinate real symmetric\n";
  const Malformed cases[] = {
      {"empty input", "", "missing the", 0},
      {"no banner", "2 2 1\n1 1 1\n", "missing header", 1},
      {"short banner", "%%MatrixMarket matrix coordinate real\n1 1 1\n1 1 1\n", "bad header", 1},
      {"not a matrix", "%%MatrixMarket vector coordinate real general\n", "is not 'matrix'", 1},
      {"array format", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n", "unsupported format 'array'", 1},
      {"complex field", "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n", "unsupported field 'complex'", 1},
      {"hermitian", "%%MatrixMarket matrix coordinate real hermitian\n1 1 1\n1 1 1\n", "unsupported symmetry 'hermitian'", 1},
      {"skew", "%%MatrixMarket matrix coordinate real skew-symmetric\n1 1 1\n1 1 1\n", "unsupported symmetry 'skew-symmetric'", 1},
      {"unknown field", "%%MatrixMarket matrix coordinate quaternion general\n", "unknown field", 1},
      {"missing size line", std::string(kHeader) + "% only comments\n", "missing the size line", 2},
      {"size line with two numbers", std::string(kHeader) + "2 2\n", "bad size line", 2},
      {"size line with text", std::string(kHeader) + "2 x 1\n", "bad size line", 2},
      {"negative size", std::string(kHeader) + "-2 -2 1\n", "negative size", 2},
      {"zero rows", std::string(kHeader) + "0 0 0\n", "empty matrix", 2},
      {"non-square symmetric", sym + "2 3 1\n1 1 1\n", "must be square", 2},
      {"truncated", std::string(kHeader) + "2 2 3\n1 1 1\n2 2 1\n", "truncated file: the size line declares 3 entries, found 2", 4},
      {"extra entries", std::string(kHeader) + "2 2 1\n1 1 1\n2 2 1\n", "extra entries", 4},
      {"row index zero (0-based file)", std::string(kHeader) + "2 2 1\n0 1 1\n", "out of range", 3},
      {"row index too large", std::string(kHeader) + "2 2 1\n3 1 1\n", "out of range", 3},
      {"column index too large", std::string(kHeader) + "2 2 1\n1 3 1\n", "out of range", 3},
      {"upper triangle in symmetric", sym + "2 2 2\n1 1 1\n1 2 1\n", "asymmetric 'symmetric' file", 4},
      {"NaN value", std::string(kHeader) + "1 1 1\n1 1 nan\n", "NaN or infinite", 3},
      {"Inf value", std::string(kHeader) + "1 1 1\n1 1 -inf\n", "NaN or infinite", 3},
      {"overflowing value", std::string(kHeader) + "1 1 1\n1 1 1e999\n", "'1e999' is out of range", 3},
      {"overflowing integer value", "%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 99999999999999999999\n",
       "out of range for a 64-bit integer", 3},
      {"overflowing index", std::string(kHeader) + "2 2 1\n99999999999999999999 1 1\n", "out of range", 3},
      {"overflowing size", std::string(kHeader) + "99999999999999999999 2 1\n", "is out of range", 2},
      {"matrix above 32-bit indices", std::string(kHeader) + "2147483648 2147483648 1\n", "too large for 32-bit", 2},
      {"missing value", std::string(kHeader) + "1 1 1\n1 1\n", "bad entry", 3},
      {"value in pattern file", "%%MatrixMarket matrix coordinate pattern general\n1 1 1\n1 1 2\n", "bad entry", 3},
      {"text value", std::string(kHeader) + "1 1 1\n1 1 abc\n", "not a number", 3},
      {"fractional index", std::string(kHeader) + "1 1 1\n1.0 1 2\n", "indices must be integers", 3},
      {"fractional integer value", "%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 2.5\n", "not an integer", 3},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    expectRejected(c.text, c.needle, c.line);
  }
}

TEST(MatrixMarketRejects, HugeDeclaredEntryCountIsTruncationNotAnAllocation) {
  // Before the fix the reader reserved 2 x 2^31 entries (64 GB) up front: bad_alloc, or an ASan
  // abort. Now the size line is held against the bytes that follow it, before any allocation.
  expectRejected("%%MatrixMarket matrix coordinate real symmetric\n2 2 2000000000\n1 1 1\n",
                 "declares 2000000000 entries, but only 6 bytes follow", 2);
  // A small count in a short file reads on to the precise count.
  expectRejected(std::string(kHeader) + "2 2 3\n1 1 1\n", "declares 3 entries, found 1", 3);
}

TEST(MatrixMarket, UnderflowingValuesAreNumbers) {
  // 1e-320 is a subnormal double, 1e-400 rounds to 0: numbers, not "not a number".
  const auto m = parse(std::string(kHeader) + "2 2 2\n1 1 1e-320\n2 2 1e-400\n");
  EXPECT_EQ(m.values[0], 1e-320);
  EXPECT_EQ(m.values[1], 0.0);
}

TEST(MatrixMarketRejects, LongLinesAndValuesAreCutInTheMessage) {
  // A line without an end (a file with no line breaks) stops at the cap instead of filling memory.
  try {
    parse(std::string(kHeader) + "1 1 1\n1 1 " + std::string(10'000'000, '7') + "x\n");
    FAIL() << "accepted";
  } catch (const MatrixMarketError& e) {
    EXPECT_NE(std::string(e.what()).find("line longer than 65536 bytes"), std::string::npos) << e.what();
    EXPECT_LT(std::string(e.what()).size(), 200u);
  }
  // A long (but capped) bad value is quoted cut short, with its length.
  try {
    parse(std::string(kHeader) + "1 1 1\n1 1 " + std::string(60'000, '7') + "x\n");
    FAIL() << "accepted";
  } catch (const MatrixMarketError& e) {
    EXPECT_NE(std::string(e.what()).find("bytes): value is not a number"), std::string::npos) << e.what();
    EXPECT_LT(std::string(e.what()).size(), 200u);
  }
}

TEST(MatrixMarket, SizeCheckRunsBeforeTheEntriesAndItsRefusalNamesTheSizeLine) {
  MatrixMarketOptions options;
  MatrixMarketSize seen;
  options.checkSize = [&](const MatrixMarketSize& size) { seen = size; };
  parse("%%MatrixMarket matrix coordinate real symmetric\n3 3 2\n1 1 1\n2 1 1\n", options);
  EXPECT_EQ(seen.rows, 3);
  EXPECT_EQ(seen.entries, 2);
  EXPECT_EQ(seen.nonzeros, 4);  // a symmetric file's entries count twice at most
  EXPECT_TRUE(seen.symmetric);
  options.checkSize = [](const MatrixMarketSize&) { throw kc::OutOfMemory("not enough host memory for the test"); };
  try {
    parse(std::string(kHeader) + "1000000000 1000000000 1\n1 1 1\n", options);
    FAIL() << "accepted";
  } catch (const MatrixMarketError& e) {
    EXPECT_EQ(e.line(), 2);
    EXPECT_NE(std::string(e.what()).find("not enough host memory for the test"), std::string::npos) << e.what();
  }
}

TEST(MatrixMarket, ReadBytesCountTheEntriesAndTheCsr) {
  MatrixMarketSize size;
  size.rows = size.cols = 1000;
  size.entries = size.nonzeros = 10000;
  // 16-byte coordinate entries + 12 bytes of CSR per nonzero + a row offset per row.
  EXPECT_EQ(matrixMarketReadBytes(size), 10000.0 * 28 + 1001 * 4);
}

TEST(MatrixMarket, NoEntriesIsAnEmptyButValidMatrix) {
  // The format allows it (0 nonzeros); rows x cols = 0 is rejected ("empty matrix", above).
  const auto m = parse(std::string(kHeader) + "3 3 0\n");
  EXPECT_EQ(m.rows, 3);
  EXPECT_EQ(m.nnz(), 0u);
  EXPECT_EQ(m.rowPtr, (std::vector<int>{0, 0, 0, 0}));
}

TEST(MatrixMarketRejects, MissingFileNamesThePath) {
  const auto path = std::filesystem::temp_directory_path() / "kc_cg_no_such_matrix.mtx";
  try {
    readMatrixMarket(path);
    FAIL() << "opened a missing file";
  } catch (const MatrixMarketError& e) {
    EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("no such file"), std::string::npos) << e.what();
  }
}

// Like images: a folder, a FIFO (reading would block) or a device (/dev/zero never ends) is
// refused before a byte is read, naming what it is.
TEST(MatrixMarketRejects, OnlyRegularFilesAreRead) {
  const auto dir = std::filesystem::temp_directory_path() / ("kc_mm_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto fifo = dir / "fifo.mtx";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::pair<std::filesystem::path, const char*> cases[] = {
      {dir, "is a directory, not a file"},
      {fifo, "is a FIFO (named pipe), not a regular file"},
      {"/dev/zero", "is a character device, not a regular file"},
  };
  for (const auto& [path, reason] : cases) {
    SCOPED_TRACE(path.string());
    try {
      readMatrixMarket(path);
      FAIL() << "read " << path;
    } catch (const MatrixMarketError& e) {
      EXPECT_NE(std::string(e.what()).find(reason), std::string::npos) << e.what();
    }
  }
  std::filesystem::remove_all(dir);
}

TEST(MatrixMarketRejects, ErrorFromAFileNamesFileAndLine) {
  const auto path = std::filesystem::temp_directory_path() / "kc_cg_truncated.mtx";
  {
    std::ofstream out(path);
    out << "%%MatrixMarket matrix coordinate real symmetric\n% comment\n3 3 3\n1 1 1\n2 2 1\n";
  }
  try {
    readMatrixMarket(path);
    FAIL() << "accepted a truncated file";
  } catch (const MatrixMarketError& e) {
    EXPECT_NE(std::string(e.what()).find(path.string() + ":5:"), std::string::npos) << e.what();
    EXPECT_TRUE(dynamic_cast<const kc::InvalidArgument*>(&e) != nullptr);
  }
  std::filesystem::remove(path);
}

TEST(MatrixMarket, FixtureFileReads) {
  const auto m = readMatrixMarket(kc::test::fixture("matrices/spd_5x5.mtx"));
  EXPECT_EQ(m.rows, 5);
  EXPECT_EQ(m.nnz(), 13u);
}

// The seven matrices of the study: sizes and full nonzero counts from the shared README.
TEST(MatrixMarket, SharedStudyMatricesHaveTheirPublishedSizes) {
  struct Expected {
    const char* file;
    int n;
    std::size_t nnz;
  };
  const Expected expected[] = {{"bcsstk11.mtx", 1473, 34241},  {"bcsstk13.mtx", 2003, 83883},
                               {"bcsstk14.mtx", 1806, 63454},  {"bcsstk15.mtx", 3948, 117816},
                               {"bcsstk17.mtx", 10974, 428650}, {"bcsstm25.mtx", 15439, 15439},
                               {"nos2.mtx", 957, 4137}};
  int found = 0;
  for (const auto& e : expected) {
    const auto path = kc::test::sharedData(std::string("matrices/") + e.file);
    if (!std::filesystem::exists(path)) continue;
    ++found;
    SCOPED_TRACE(e.file);
    const auto m = readMatrixMarket(path);
    EXPECT_EQ(m.rows, e.n);
    EXPECT_EQ(m.nnz(), e.nnz);
  }
  if (found == 0) GTEST_SKIP() << "no matrices in " << kc::test::sharedData("matrices");
}

TEST(Poisson2D, StructureAndSymmetry) {
  const auto m = poisson2D(3);
  EXPECT_EQ(m.rows, 9);
  EXPECT_EQ(m.nnz(), 9u * 5 - 4 * 3);  // 5 per row minus the missing boundary neighbours
  EXPECT_EQ(at(m, 4, 4), 4.0);
  EXPECT_EQ(at(m, 4, 1), -1.0);
  EXPECT_EQ(at(m, 2, 3), 0.0);  // end of a grid row does not wrap
  for (int r = 0; r < m.rows; ++r)
    for (int k = m.rowPtr[r]; k < m.rowPtr[r + 1]; ++k) EXPECT_EQ(m.values[k], at(m, m.colIdx[k], r));
  EXPECT_THROW(poisson2D(0), kc::InvalidArgument);
}

}  // namespace
}  // namespace kc::cg
