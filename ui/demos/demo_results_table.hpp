#pragma once
// One row per version of the last run, in the runner's order. Reduce and matmul show time,
// throughput and the three speedups; CG shows status, iterations, ms/iteration and the final
// residual. Selecting a row emits what the source view needs.
#include <QTableWidget>
#include <vector>

#include "gpu/demos/cg/cg_demo.hpp"
#include "gpu/demos/demo_report.hpp"

namespace kc {

class DemoResultsTable : public QTableWidget {
  Q_OBJECT
 public:
  explicit DemoResultsTable(QWidget* parent = nullptr);

  void showReport(const demos::DemoReport& report);
  void showCgReport(const cg::CgDemoReport& report);
  void clearResults();

  // The text of a cell, by column header ("correct", "ms", ...); "" when there is none.
  QString cellText(int row, const QString& header) const;

 signals:
  void rowSelected(const QString& sourceAnchor, const QString& why);

 private:
  struct RowSource {
    QString anchor, why;
  };
  void setHeaders(const QStringList& headers);
  void setCell(int row, int column, const QString& text, Qt::Alignment alignment = Qt::AlignRight);
  void finishFilling();

  std::vector<RowSource> sources_;
};

}  // namespace kc
