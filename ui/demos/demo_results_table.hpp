#pragma once
// One row per version of the last run, in the runner's order, with the columns its result gives
// (demos::DemoTable: time, throughput and speedups, or CG's status, iterations and residual).
// Selecting a row emits what the source view needs.
#include <QTableWidget>
#include <vector>

#include "gpu/demos/demo_result.hpp"

namespace kc {

class DemoResultsTable : public QTableWidget {
  Q_OBJECT
 public:
  explicit DemoResultsTable(QWidget* parent = nullptr);

  void showTable(const demos::DemoTable& table);
  void clearResults();

  // The text of a cell, by column header ("correct", "ms", ...); "" when there is none.
  QString cellText(int row, const QString& header) const;
  // At least the header and one whole row (and the scroll bar), at the font it has now.
  QSize minimumSizeHint() const override;

 protected:
  // Larger text (presentation mode): the columns widen to it, so no header or cell reads "...".
  void changeEvent(QEvent* event) override;

 signals:
  void rowSelected(const QString& sourceAnchor, const QString& why);

 private:
  struct RowSource {
    QString anchor, why;
  };

  std::vector<RowSource> sources_;
};

}  // namespace kc
