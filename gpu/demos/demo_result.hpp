#pragma once
// What a demo run gives back, whatever the demo: the command line's table and JSON, and the
// panel's title, table and chart, each said once by the result's kind. Two kinds exist:
// VersionRowsResult (version_rows_result.hpp: time, throughput, speedups and a check per version:
// reduce, matmul, and any demo that reports a DemoReport) and CgDemoResult (convergence per
// solver: cg/cg_demo_result.hpp). Plain C++: the panel draws the table and chart from the data
// here, the command line writes the text and JSON. (Included by .cu files: C++17 only.)
#include <string>
#include <utility>
#include <vector>

namespace kc::demos {

// The panel's results table: headings, cells as shown, and what the source view needs per row.
struct DemoTable {
  enum class Align { Left, Right, Center };
  struct Column {
    std::string heading;
    Align align = Align::Right;
  };
  struct Row {
    std::vector<std::string> cells;
    std::vector<int> alarming;  // columns shown in red: a wrong result, no convergence
    std::string sourceAnchor;   // the function the row measured
    std::string why;            // its two-line "why"
  };
  std::vector<Column> columns;
  std::vector<Row> rows;
};

// The panel's chart: bars of a throughput per version, or residual lines per version against
// the iteration (a log axis).
struct DemoChart {
  enum class Kind { Bars, Convergence };
  struct Bar {
    std::string label;  // the version, " (skipped)" where it did not run
    double value = 0;   // 0 where it did not run
  };
  struct Line {
    std::string name;
    std::vector<std::pair<long long, double>> points;  // iteration, ||r_k||
  };
  Kind kind = Kind::Bars;
  std::string unit;   // Bars: "GB/s", "GFLOP/s"
  std::string title;  // Convergence: "CG on nos2.mtx: residual ||r_k|| per iteration"
  std::vector<Bar> bars;
  std::vector<Line> lines;
};

class DemoResult {
 public:
  virtual ~DemoResult() = default;
  // The problem as the table's first line names it ("sum of 1000 float32, seed 1").
  virtual std::string problem() const = 0;
  // The command line's table, with the notes under it (speedups, the verification rule).
  virtual std::string commandLineTable() const = 0;
  // A JSON object of every field but the four every demo document starts with (schema, demo,
  // backend, device): problem, rows, ...
  virtual std::string jsonFields() const = 0;
  // The panel's title: a bold headline and a line under it.
  virtual std::string headline() const = 0;
  virtual std::string detail() const = 0;
  virtual DemoTable table() const = 0;
  virtual DemoChart chart() const = 0;
  // "" when every version that ran passed (correct, converged); else the command line's exit-1
  // message ("a version gave a wrong result (see the table)").
  virtual std::string failure() const = 0;
  // The text of an output parameter's file (CG's --solution), written only without a failure.
  virtual std::string outputFile(const std::string& param) const {
    (void)param;
    return {};
  }
};

}  // namespace kc::demos
