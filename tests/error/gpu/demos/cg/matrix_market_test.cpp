// Must-fail: Matrix Market files the reader must refuse (a bad header or size line, entries out of
// range or too few, a value that is not a number, a size that cannot fit, a path that is not a
// regular file). Each is a MatrixMarketError naming the file, the line and what is wrong; the dialects
// it reads are in tests/gpu/demos/cg/matrix_market_test.cpp.
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
      {"complex field", "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n",
       "unsupported field 'complex'", 1},
      {"hermitian", "%%MatrixMarket matrix coordinate real hermitian\n1 1 1\n1 1 1\n",
       "unsupported symmetry 'hermitian'", 1},
      {"skew", "%%MatrixMarket matrix coordinate real skew-symmetric\n1 1 1\n1 1 1\n",
       "unsupported symmetry 'skew-symmetric'", 1},
      {"unknown field", "%%MatrixMarket matrix coordinate quaternion general\n", "unknown field", 1},
      {"missing size line", std::string(kHeader) + "% only comments\n", "missing the size line", 2},
      {"size line with two numbers", std::string(kHeader) + "2 2\n", "bad size line", 2},
      {"size line with text", std::string(kHeader) + "2 x 1\n", "bad size line", 2},
      {"negative size", std::string(kHeader) + "-2 -2 1\n", "negative size", 2},
      {"zero rows", std::string(kHeader) + "0 0 0\n", "empty matrix", 2},
      {"non-square symmetric", sym + "2 3 1\n1 1 1\n", "must be square", 2},
      {"truncated", std::string(kHeader) + "2 2 3\n1 1 1\n2 2 1\n",
       "truncated file: the size line declares 3 entries, found 2", 4},
      {"extra entries", std::string(kHeader) + "2 2 1\n1 1 1\n2 2 1\n", "extra entries", 4},
      {"row index zero (0-based file)", std::string(kHeader) + "2 2 1\n0 1 1\n", "out of range", 3},
      {"row index too large", std::string(kHeader) + "2 2 1\n3 1 1\n", "out of range", 3},
      {"column index too large", std::string(kHeader) + "2 2 1\n1 3 1\n", "out of range", 3},
      {"upper triangle in symmetric", sym + "2 2 2\n1 1 1\n1 2 1\n", "asymmetric 'symmetric' file", 4},
      {"NaN value", std::string(kHeader) + "1 1 1\n1 1 nan\n", "NaN or infinite", 3},
      {"Inf value", std::string(kHeader) + "1 1 1\n1 1 -inf\n", "NaN or infinite", 3},
      {"overflowing value", std::string(kHeader) + "1 1 1\n1 1 1e999\n", "'1e999' is out of range", 3},
      {"overflowing integer value",
       "%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 99999999999999999999\n",
       "out of range for a 64-bit integer", 3},
      {"overflowing index", std::string(kHeader) + "2 2 1\n99999999999999999999 1 1\n", "out of range", 3},
      {"overflowing size", std::string(kHeader) + "99999999999999999999 2 1\n", "is out of range", 2},
      {"matrix above 32-bit indices", std::string(kHeader) + "2147483648 2147483648 1\n", "too large for 32-bit", 2},
      {"missing value", std::string(kHeader) + "1 1 1\n1 1\n", "bad entry", 3},
      {"value in pattern file", "%%MatrixMarket matrix coordinate pattern general\n1 1 1\n1 1 2\n", "bad entry", 3},
      {"text value", std::string(kHeader) + "1 1 1\n1 1 abc\n", "not a number", 3},
      {"fractional index", std::string(kHeader) + "1 1 1\n1.0 1 2\n", "indices must be integers", 3},
      {"fractional integer value", "%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 2.5\n",
       "not an integer", 3},
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

// A .mtx.gz cut short (a download that stopped) or damaged: one line naming the file, the line it
// reached and what is wrong with the gzip data, never a matrix made of what came before.
TEST(MatrixMarketRejects, TruncatedOrDamagedGzipIsNamedAtTheLineItReached) {
  std::ifstream in(kc::test::fixture("matrices/spd_5x5.mtx.gz"), std::ios::binary);
  std::stringstream read;
  read << in.rdbuf();
  const std::string gz = read.str();
  ASSERT_GT(gz.size(), 40u);
  std::string damaged = gz;
  damaged[gz.size() / 2] = static_cast<char>(damaged[gz.size() / 2] ^ 0x5a);
  std::string wrongCrc = gz;
  wrongCrc[gz.size() - 8] = static_cast<char>(wrongCrc[gz.size() - 8] ^ 0x01);  // the trailer's CRC-32
  const std::pair<std::string, const char*> cases[] = {
      {gz.substr(0, gz.size() - 4), "the gzip data ends early (a truncated file?)"},  // no length in the trailer
      {gz.substr(0, 20), "the gzip data ends early"},
      {damaged, "the gzip data is damaged (zlib: "},
      {wrongCrc, "the gzip data is damaged (zlib: incorrect data check)"},
      {std::string("\x1f not gzip\n"), "the gzip data is damaged (zlib: incorrect header check)"},
  };
  for (const auto& [bytes, needle] : cases) {
    SCOPED_TRACE(needle);
    try {
      test::parse(bytes);
      FAIL() << "read damaged gzip data as a matrix";
    } catch (const MatrixMarketError& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
      EXPECT_EQ(std::string(e.what()).rfind("<test>:", 0), 0u) << e.what();
      EXPECT_GE(e.line(), 1) << e.what();
    }
  }
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

// Issue 40, class 11: a file saved by a Windows editor starts with a UTF-8 byte order mark, and
// the reader said "missing header". The mark is skipped; one anywhere else is still refused.
TEST(MatrixMarketRejects, AByteOrderMarkBeforeTheHeaderIsSkipped) {
  const CsrMatrix m =
      parse("\xEF\xBB\xBF%%MatrixMarket matrix coordinate real symmetric\r\n2 2 2\r\n1 1 4\r\n2 2 9\r\n");
  EXPECT_EQ(m.rows, 2);
  EXPECT_EQ(m.nnz(), 2u);
  expectRejected(
      "%%MatrixMarket matrix coordinate real general\n\xEF\xBB\xBF"
      "1 1 1\n1 1 1\n",
      "", 2);
}

}  // namespace
}  // namespace kc::cg
