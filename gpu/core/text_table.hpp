#pragma once
// A plain-text table with aligned columns, for terminal output that people read side by side
// (the demos' tables: gpu/demos writes them, `kernelcam demo` prints them).
#include <string>
#include <vector>

namespace kc {

class TextTable {
 public:
  enum class Align { Left, Right };
  struct Column {
    std::string heading;
    Align align = Align::Right;
  };

  explicit TextTable(std::vector<Column> columns);
  void addRow(std::vector<std::string> cells);  // missing cells print empty
  // Columns two spaces apart, a dashed rule under the headings, every line ending in '\n'.
  std::string format() const;

 private:
  std::vector<Column> columns_;
  std::vector<std::vector<std::string>> rows_;
};

// printf "%.<decimals>f", or "-" for NaN (a value that was not measured).
std::string formatFixed(double value, int decimals);

}  // namespace kc
