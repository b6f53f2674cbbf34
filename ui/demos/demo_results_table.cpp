#include "ui/demos/demo_results_table.hpp"

#include <QHeaderView>
#include <cmath>

#include "ui/demos/cg_version_notes.hpp"

namespace kc {

namespace {

QString number(double value, int decimals) {
  return std::isfinite(value) ? QString::number(value, 'f', decimals) : QString();
}

// ms over four orders of magnitude (CPU vs tuned kernels): three significant digits each.
QString milliseconds(double ms) {
  if (!std::isfinite(ms)) return {};
  return QString::number(ms, 'g', ms >= 100 ? 5 : 3);
}

QString speedup(const std::optional<double>& value) {
  return value ? QStringLiteral("%1\u00d7").arg(QString::number(*value, 'f', *value >= 100 ? 0 : 2)) : QString();
}

QString speedup(double value) { return value > 0 ? speedup(std::optional<double>(value)) : QString(); }

QString correctText(const demos::DemoRow& row) {
  if (row.skipped) return QStringLiteral("skipped");
  return row.correct ? QStringLiteral("yes") : QStringLiteral("NO");
}

}  // namespace

DemoResultsTable::DemoResultsTable(QWidget* parent) : QTableWidget(parent) {
  setObjectName(QStringLiteral("demoResults"));
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  setSelectionBehavior(QAbstractItemView::SelectRows);
  setSelectionMode(QAbstractItemView::SingleSelection);
  setAlternatingRowColors(true);
  verticalHeader()->setVisible(false);
  horizontalHeader()->setStretchLastSection(true);
  connect(this, &QTableWidget::currentCellChanged, this, [this](int row, int, int, int) {
    if (row >= 0 && row < static_cast<int>(sources_.size())) emit rowSelected(sources_[row].anchor, sources_[row].why);
  });
}

void DemoResultsTable::clearResults() {
  sources_.clear();
  setRowCount(0);
}

void DemoResultsTable::setHeaders(const QStringList& headers) {
  clearResults();
  setColumnCount(static_cast<int>(headers.size()));
  setHorizontalHeaderLabels(headers);
}

void DemoResultsTable::setCell(int row, int column, const QString& text, Qt::Alignment alignment) {
  auto* item = new QTableWidgetItem(text);
  item->setTextAlignment(alignment | Qt::AlignVCenter);
  setItem(row, column, item);
}

QString DemoResultsTable::cellText(int row, const QString& header) const {
  for (int column = 0; column < columnCount(); ++column)
    if (horizontalHeaderItem(column) && horizontalHeaderItem(column)->text() == header)
      return item(row, column) ? item(row, column)->text() : QString();
  return {};
}

void DemoResultsTable::showReport(const demos::DemoReport& report) {
  const QString unit = report.rows.empty() ? QStringLiteral("GB/s") : QString::fromStdString(report.rows[0].throughputUnit);
  setHeaders({tr("version"), tr("ms"), unit, tr("vs 1st GPU"), tr("vs CPU"), tr("vs library"), tr("correct"),
              tr("result / note")});
  setRowCount(static_cast<int>(report.rows.size()));
  for (int r = 0; r < rowCount(); ++r) {
    const demos::DemoRow& row = report.rows[static_cast<std::size_t>(r)];
    setCell(r, 0, QString::fromStdString(row.version), Qt::AlignLeft);
    setCell(r, 1, milliseconds(row.ms));
    setCell(r, 2, number(row.throughput, 1));
    setCell(r, 3, speedup(row.speedupVsFirstGpu));
    setCell(r, 4, speedup(row.speedupVsCpu));
    setCell(r, 5, speedup(row.speedupVsLibrary));
    setCell(r, 6, correctText(row), Qt::AlignCenter);
    if (!row.correct && !row.skipped) item(r, 6)->setForeground(Qt::red);
    const std::string& detail = row.result.empty() ? row.note : (row.note.empty() ? row.result : row.result + "; " + row.note);
    setCell(r, 7, QString::fromStdString(detail), Qt::AlignLeft);
    sources_.push_back({QString::fromStdString(row.sourceAnchor), QString::fromStdString(row.why)});
  }
  finishFilling();
}

void DemoResultsTable::showCgReport(const cg::CgDemoReport& report) {
  setHeaders({tr("version"), tr("status"), tr("iterations"), tr("ms total"), tr("ms/iter"), tr("final residual"),
              tr("GB/s"), tr("vs CPU"), tr("vs cuSPARSE")});
  setRowCount(static_cast<int>(report.rows.size()));
  for (int r = 0; r < rowCount(); ++r) {
    const cg::CgDemoRow& row = report.rows[static_cast<std::size_t>(r)];
    setCell(r, 0, QString::fromStdString(row.name), Qt::AlignLeft);
    setCell(r, 1, QString::fromLatin1(cg::toString(row.status)), Qt::AlignLeft);
    if (row.status != cg::CgStatus::Converged) item(r, 1)->setForeground(Qt::red);
    setCell(r, 2, QString::number(row.iterations));
    setCell(r, 3, milliseconds(row.msTotal));
    setCell(r, 4, QString::number(row.msPerIteration, 'g', 3));
    setCell(r, 5, QString::number(row.finalResidual, 'e', 2));
    setCell(r, 6, row.gbPerSecond > 0 ? number(row.gbPerSecond, 1) : QString());
    setCell(r, 7, speedup(row.speedupVsCpu));
    setCell(r, 8, speedup(row.speedupVsCuSparse));
    const CgVersionNote note = cgVersionNote(row.version);
    sources_.push_back({QString::fromLatin1(note.anchor), QString::fromLatin1(note.why)});
  }
  finishFilling();
}

void DemoResultsTable::finishFilling() {
  resizeColumnsToContents();
  if (rowCount() > 0) selectRow(0);  // the source view shows the first version straight away
}

}  // namespace kc
