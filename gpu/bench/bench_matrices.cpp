#include "gpu/bench/bench_matrices.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <tuple>

#include "gpu/core/error.hpp"

namespace kc::bench {

namespace {

struct Entry {
  int row, column;
  float value;
};

CsrMatrix toCsr(int rows, int columns, std::vector<Entry>& entries) {
  std::sort(entries.begin(), entries.end(),
            [](const Entry& a, const Entry& b) { return std::tie(a.row, a.column) < std::tie(b.row, b.column); });
  CsrMatrix m;
  m.rows = rows;
  m.columns = columns;
  m.rowOffsets.assign(rows + 1, 0);
  m.columnIndices.reserve(entries.size());
  m.values.reserve(entries.size());
  for (const Entry& e : entries) {
    ++m.rowOffsets[e.row + 1];
    m.columnIndices.push_back(e.column);
    m.values.push_back(e.value);
  }
  for (int r = 0; r < rows; ++r) m.rowOffsets[r + 1] += m.rowOffsets[r];
  return m;
}

}  // namespace

CsrMatrix readMatrixMarket(const std::string& path) {
  std::ifstream in(path);
  if (!in) KC_FAIL("readMatrixMarket", "cannot open '" + path + "'");
  std::string line;
  std::getline(in, line);
  std::istringstream header(line);
  std::string banner, object, format, field, symmetry;
  header >> banner >> object >> format >> field >> symmetry;
  for (std::string* s : {&object, &format, &field, &symmetry})
    std::transform(s->begin(), s->end(), s->begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (banner != "%%MatrixMarket" || object != "matrix" || format != "coordinate")
    KC_FAIL("readMatrixMarket", path + ": not a Matrix Market coordinate matrix");
  const bool pattern = field == "pattern";
  if (!pattern && field != "real" && field != "integer")
    KC_FAIL("readMatrixMarket", path + ": unsupported field '" + field + "'");
  const bool symmetric = symmetry == "symmetric";
  if (!symmetric && symmetry != "general")
    KC_FAIL("readMatrixMarket", path + ": unsupported symmetry '" + symmetry + "'");

  while (std::getline(in, line) && (line.empty() || line[0] == '%')) {
  }
  long rows = 0, columns = 0, count = 0;
  if (!(std::istringstream(line) >> rows >> columns >> count) || rows <= 0 || columns <= 0 || count < 0 ||
      rows > (1L << 30) || columns > (1L << 30))
    KC_FAIL("readMatrixMarket", path + ": bad size line '" + line + "'");

  std::vector<Entry> entries;
  entries.reserve(static_cast<std::size_t>(symmetric ? 2 * count : count));
  for (long k = 0; k < count; ++k) {
    long r = 0, c = 0;
    double v = 1.0;
    if (!(in >> r >> c) || (!pattern && !(in >> v)) || r < 1 || r > rows || c < 1 || c > columns)
      KC_FAIL("readMatrixMarket", path + ": bad entry " + std::to_string(k + 1));
    entries.push_back({static_cast<int>(r - 1), static_cast<int>(c - 1), static_cast<float>(v)});
    if (symmetric && r != c) entries.push_back({static_cast<int>(c - 1), static_cast<int>(r - 1), static_cast<float>(v)});
  }
  return toCsr(static_cast<int>(rows), static_cast<int>(columns), entries);
}

CsrMatrix poisson2d(int side) {
  KC_REQUIRE(side > 0 && side <= 16384, "poisson2d: side must be 1..16384");
  const int n = side * side;
  CsrMatrix m;
  m.rows = m.columns = n;
  m.rowOffsets.reserve(n + 1);
  m.rowOffsets.push_back(0);
  m.columnIndices.reserve(static_cast<std::size_t>(5) * n);
  m.values.reserve(static_cast<std::size_t>(5) * n);
  for (int y = 0; y < side; ++y) {
    for (int x = 0; x < side; ++x) {
      const int i = y * side + x;
      auto add = [&](int column, float value) {
        m.columnIndices.push_back(column);
        m.values.push_back(value);
      };
      if (y > 0) add(i - side, -1.f);
      if (x > 0) add(i - 1, -1.f);
      add(i, 4.f);
      if (x + 1 < side) add(i + 1, -1.f);
      if (y + 1 < side) add(i + side, -1.f);
      m.rowOffsets.push_back(static_cast<int>(m.values.size()));
    }
  }
  return m;
}

}  // namespace kc::bench
