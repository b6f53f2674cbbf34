// The sparse matrix-vector product exercise (statement.md beside this file).
#include <algorithm>
#include <cmath>

#include "gpu/exercises/exercise_inputs.hpp"
#include "gpu/exercises/exercise_registry.hpp"

namespace kc::exercises {
namespace {

// A matrix in CSR form: row r's entries are values[j] at columns[j] for rowStart[r] <= j < rowStart[r + 1].
struct CsrMatrix {
  int columnCount = 0;
  std::vector<std::int32_t> rowStart{0};
  std::vector<std::int32_t> columns;
  std::vector<float> values;
  int rows() const { return static_cast<int>(rowStart.size()) - 1; }
};

// One 64-bit draw per entry: its column from the low 32 bits (scaled by a multiply, not a division),
// its value in [-1, 1) from the top 24 (the timed matrix's 17 million entries in tens of milliseconds).
void addRandomRow(CsrMatrix& matrix, int length, std::mt19937_64& random) {
  const auto columnCount = static_cast<std::uint64_t>(matrix.columnCount);
  for (int e = 0; e < length; ++e) {
    const std::uint64_t word = random();
    matrix.columns.push_back(static_cast<std::int32_t>(((word & 0xffffffffu) * columnCount) >> 32));
    matrix.values.push_back(static_cast<float>(static_cast<std::int32_t>(word >> 40) - (1 << 23)) / (1 << 23));
  }
  matrix.rowStart.push_back(static_cast<std::int32_t>(matrix.columns.size()));
}

// y = A x in double; the tolerance per row, 1e-5 * sum |a_ij * x_j| + 1e-6, the statement's.
ExerciseCase spmvCase(const std::string& label, const CsrMatrix& matrix, std::mt19937_64& random) {
  const std::vector<float> x = randomFloats(random, static_cast<std::size_t>(matrix.columnCount), -1.0f, 1.0f);
  const int rows = matrix.rows();
  std::vector<float> y(static_cast<std::size_t>(rows));
  std::vector<double> tolerance(y.size());
  for (int r = 0; r < rows; ++r) {
    double sum = 0, magnitude = 0;
    for (std::int32_t j = matrix.rowStart[r]; j < matrix.rowStart[r + 1]; ++j) {
      const double product = static_cast<double>(matrix.values[j]) * x[static_cast<std::size_t>(matrix.columns[j])];
      sum += product;
      magnitude += std::fabs(product);
    }
    y[static_cast<std::size_t>(r)] = static_cast<float>(sum);
    tolerance[static_cast<std::size_t>(r)] = 1e-5 * magnitude + 1e-6;
  }
  ExerciseCase c;
  c.label = label;
  CaseArgument yOut = outputBuffer("y", ElementType::F32, y);
  yOut.tolerance = std::move(tolerance);
  c.arguments = {valueArgument("rows", rows),
                 inputBuffer("rowStart", ElementType::I32, matrix.rowStart),
                 inputBuffer("columns", ElementType::I32, matrix.columns),
                 inputBuffer("values", ElementType::F32, matrix.values),
                 inputBuffer("x", ElementType::F32, x),
                 std::move(yOut)};
  c.minBytes = (matrix.rowStart.size() + matrix.columns.size() + matrix.values.size() + x.size() + y.size()) * 4;
  return c;
}

CsrMatrix randomMatrix(int rows, int columnCount, std::mt19937_64& random, int shortest, int longest) {
  CsrMatrix matrix;
  matrix.columnCount = columnCount;
  for (int r = 0; r < rows; ++r)
    addRandomRow(matrix, shortest + static_cast<int>(random() % static_cast<std::uint64_t>(longest - shortest + 1)),
                 random);
  return matrix;
}

std::vector<ExerciseCase> cases(const CaseOptions& options) {
  std::vector<ExerciseCase> list;
  {
    std::mt19937_64 random = caseRandom(options.seed, 0);
    list.push_back(spmvCase("1x1", randomMatrix(1, 1, random, 1, 1), random));
  }
  {  // 17 rows of 0 to 5 entries, one of them surely empty and one surely full
    std::mt19937_64 random = caseRandom(options.seed, 1);
    std::vector<int> lengths(17);
    for (int& length : lengths) length = static_cast<int>(random() % 6);
    const std::size_t empty = random() % 17, full = (empty + 1 + random() % 16) % 17;
    lengths[empty] = 0;
    lengths[full] = 5;
    CsrMatrix matrix;
    matrix.columnCount = 100;
    for (const int length : lengths) addRandomRow(matrix, length, random);
    list.push_back(spmvCase("17 rows (some empty)", matrix, random));
  }
  {
    std::mt19937_64 random = caseRandom(options.seed, 2);
    list.push_back(spmvCase("1000 rows", randomMatrix(1000, 1000, random, 0, 40), random));
  }
  {  // a band: row r has columns r - 2 .. r + 2 (fewer at the ends), like a 1D stencil
    std::mt19937_64 random = caseRandom(options.seed, 3);
    CsrMatrix matrix;
    const int rows = 100000;
    matrix.columnCount = rows;
    const std::vector<float> values = randomFloats(random, static_cast<std::size_t>(rows) * 5, -1.0f, 1.0f);
    for (int r = 0; r < rows; ++r) {
      for (int column = std::max(r - 2, 0); column <= std::min(r + 2, rows - 1); ++column) {
        matrix.columns.push_back(column);
        matrix.values.push_back(values[static_cast<std::size_t>(r) * 5 + static_cast<std::size_t>(column - r + 2)]);
      }
      matrix.rowStart.push_back(static_cast<std::int32_t>(matrix.columns.size()));
    }
    list.push_back(spmvCase("banded 100000 rows", matrix, random));
  }
  {  // 2^20 rows, 16.5 entries a row on average: 7 rows in 8 have 0 to 24, the others 32 to 64
    std::mt19937_64 random = caseRandom(options.seed, 4);
    CsrMatrix matrix;
    const int rows = 1 << 20;
    matrix.columnCount = rows;
    matrix.rowStart.reserve(static_cast<std::size_t>(rows) + 1);
    matrix.columns.reserve(static_cast<std::size_t>(rows) * 17);
    matrix.values.reserve(static_cast<std::size_t>(rows) * 17);
    for (int r = 0; r < rows; ++r) {
      const std::uint64_t pick = random();
      const int length = pick % 8 == 0 ? 32 + static_cast<int>((pick >> 3) % 33) : static_cast<int>((pick >> 3) % 25);
      addRandomRow(matrix, length, random);
    }
    list.push_back(spmvCase("1048576 rows", matrix, random));
  }
  list.back().timed = true;
  return list;
}

ExerciseDefinition definition() {
  ExerciseDefinition e;
  e.id = "spmv-csr";
  e.title = "Sparse matrix-vector product (CSR)";
  e.topic = "irregular work: a group of lanes per row, coalesced reads of a row's entries, a shuffle reduction";
  e.order = 100;
  e.parameters = {{"int", "rows"},           {"const int*", "rowStart"},
                  {"const int*", "columns"}, {"const float*", "values"},
                  {"const float*", "x"},     {"float*", "y"}};
  e.hints = {
      "One thread per row first (kernelcam's naive version, 'scalar CSR'): `row = blockIdx.x * blockDim.x + "
      "threadIdx.x; if (row >= rows) return;` then `for (int j = rowStart[row]; j < rowStart[row + 1]; ++j) sum "
      "+= values[j] * x[columns[j]];` and `y[row] = sum;` An empty row's y is 0: write it too.",
      "Why it is slow: the 32 threads of a warp walk 32 different rows, so each of their reads of values and "
      "columns lands in a different place (32 sectors per request), and the warp runs as long as its longest "
      "row: one row of 64 entries keeps 31 threads idle for most of the loop.",
      "A warp per row ('vector CSR'): `row = (blockIdx.x * blockDim.x + threadIdx.x) / 32`, `lane = threadIdx.x % "
      "32`. Lane l adds the entries j = rowStart[row] + l, + l + 32, ...: neighbouring lanes read neighbouring "
      "entries. With `@block 256` a block has 8 warps: `@grid (rows + 7) / 8`.",
      "Then the warp adds its 32 partial sums: `for (int offset = 16; offset > 0; offset /= 2) sum += "
      "__shfl_down_sync(0xffffffffu, sum, offset);` and lane 0 writes y[row]. A warp past the last row must "
      "leave as a whole (its row is the same for all 32 lanes), or the shuffle waits for lanes that are gone.",
      "Rows here have ~16 entries: a whole warp per row leaves half its lanes idle (on the H200 it is slower "
      "than a thread per row). Give each row a group of 8 lanes: `row = thread / 8`, `lane = thread % 8`, "
      "entries j += 8, and `__shfl_down_sync(0xffffffffu, sum, offset, 8)` for offsets 4, 2, 1; "
      "`@grid (rows + 31) / 32`. Keep every lane in the loop of shuffles: guard the sums, not the function.",
  };
  e.cases = cases;
  e.goalWhyNaive =
      "A group of lanes reads one row's entries side by side, and a long row is shared by the group.\n"
      "The naive version's threads read 32 rows at once, and wait for the warp's longest.";
  e.goalWhyOptimised =
      "SpMV does two flops per 12 bytes it reads: its time is the matrix's bytes over the bandwidth.\n"
      "Coalesced rows and balanced warps bring it close to that; short rows still idle some lanes.";
  return e;
}

}  // namespace

KC_REGISTER_EXERCISE(spmv_csr, definition());

}  // namespace kc::exercises
