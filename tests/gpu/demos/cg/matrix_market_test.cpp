// Matrix Market reader: the accepted dialects (symmetric expansion, duplicates, pattern, integer,
// comments, CRLF) and every malformed input it must reject with a message naming the line.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

#include "tests/support/test_data.hpp"
#include "tests/gpu/demos/cg/matrix_market_text.hpp"
#include "gpu/core/memory_budget.hpp"
#include "gpu/demos/cg/matrix_market.hpp"

namespace kc::cg {
namespace {

using test::expectRejected;
using test::kHeader;
using test::parse;

double at(const CsrMatrix& m, int r, int c) {
  for (int k = m.rowPtr[r]; k < m.rowPtr[r + 1]; ++k)
    if (m.colIdx[k] == c) return m.values[k];
  return 0.0;
}

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
  const auto m = parse("%%MatrixMarket matrix coordinate real symmetric\n3 3 4\n1 1 4\n2 1 -1\n3 2 -2\n3 3 6\n");
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
TEST(MatrixMarket, UnderflowingValuesAreNumbers) {
  // 1e-320 is a subnormal double, 1e-400 rounds to 0: numbers, not "not a number".
  const auto m = parse(std::string(kHeader) + "2 2 2\n1 1 1e-320\n2 2 1e-400\n");
  EXPECT_EQ(m.values[0], 1e-320);
  EXPECT_EQ(m.values[1], 0.0);
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

TEST(MatrixMarket, FixtureFileReads) {
  const auto m = readMatrixMarket(kc::test::fixture("matrices/spd_5x5.mtx"));
  EXPECT_EQ(m.rows, 5);
  EXPECT_EQ(m.nnz(), 13u);
}

// data/matrices stores NAME.mtx.gz: the reader takes gzip by its first byte, whatever the name,
// one member or several (gzip -c a b > ab.gz), and gives what the plain text gives.
TEST(MatrixMarket, GzipCompressedFilesReadAsTheirText) {
  const CsrMatrix plain = readMatrixMarket(kc::test::fixture("matrices/spd_5x5.mtx"));
  for (const char* file : {"matrices/spd_5x5.mtx.gz", "matrices/spd_5x5_two_members.mtx.gz"}) {
    SCOPED_TRACE(file);
    const CsrMatrix m = readMatrixMarket(kc::test::fixture(file));
    EXPECT_EQ(m.rows, plain.rows);
    EXPECT_EQ(m.rowPtr, plain.rowPtr);
    EXPECT_EQ(m.colIdx, plain.colIdx);
    EXPECT_EQ(m.values, plain.values);
  }
  std::ifstream in(kc::test::fixture("matrices/spd_5x5.mtx.gz"), std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  EXPECT_EQ(parse(bytes.str()).nnz(), plain.nnz()) << "a stream too, not only a file";
}

// The seven matrices of the study (data/matrices, gzip-compressed): sizes and full nonzero counts
// from its README.
TEST(MatrixMarket, StudyMatricesHaveTheirPublishedSizes) {
  struct Expected {
    const char* file;
    int n;
    std::size_t nnz;
  };
  const Expected expected[] = {{"bcsstk11.mtx.gz", 1473, 34241},   {"bcsstk13.mtx.gz", 2003, 83883},
                               {"bcsstk14.mtx.gz", 1806, 63454},   {"bcsstk15.mtx.gz", 3948, 117816},
                               {"bcsstk17.mtx.gz", 10974, 428650}, {"bcsstm25.mtx.gz", 15439, 15439},
                               {"nos2.mtx.gz", 957, 4137}};
  for (const auto& e : expected) {
    const auto path = kc::test::projectData(std::string("matrices/") + e.file);
    SCOPED_TRACE(e.file);
    ASSERT_TRUE(std::filesystem::exists(path)) << path << " (data/matrices is part of the repository)";
    const auto m = readMatrixMarket(path);
    EXPECT_EQ(m.rows, e.n);
    EXPECT_EQ(m.nnz(), e.nnz);
  }
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
