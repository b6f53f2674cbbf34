#include "ui/demos/demo_results_table.hpp"

#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QTimer>
#include <algorithm>

namespace kc {

namespace {

Qt::Alignment alignmentOf(demos::DemoTable::Align align) {
  switch (align) {
    case demos::DemoTable::Align::Left:
      return Qt::AlignLeft;
    case demos::DemoTable::Align::Center:
      return Qt::AlignCenter;
    case demos::DemoTable::Align::Right:
      break;
  }
  return Qt::AlignRight;
}

}  // namespace

DemoResultsTable::DemoResultsTable(QWidget* parent) : QTableWidget(parent) {
  setObjectName(QStringLiteral("demoResults"));
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  setSelectionBehavior(QAbstractItemView::SelectRows);
  setSelectionMode(QAbstractItemView::SingleSelection);
  setAlternatingRowColors(true);
  verticalHeader()->setVisible(false);
  // Each column as wide as its header and cells; a table wider than the panel scrolls. (A stretched
  // last column was cut to what was left of a narrow panel, its header elided to "...".)
  horizontalHeader()->setStretchLastSection(false);
  connect(this, &QTableWidget::currentCellChanged, this, [this](int row, int, int, int) {
    if (row >= 0 && row < static_cast<int>(sources_.size())) emit rowSelected(sources_[row].anchor, sources_[row].why);
  });
}

QSize DemoResultsTable::minimumSizeHint() const {
  const int height = horizontalHeader()->sizeHint().height() + verticalHeader()->defaultSectionSize() +
                     horizontalScrollBar()->sizeHint().height() + 2 * frameWidth();
  return {QTableWidget::minimumSizeHint().width(), height};
}

void DemoResultsTable::changeEvent(QEvent* event) {
  QTableWidget::changeEvent(event);
  // Queued: the header and the items take the new font after this table does.
  if (event->type() == QEvent::FontChange)
    QTimer::singleShot(0, this, [this] {
      resizeColumnsToContents();
      updateGeometry();  // the minimum (a row and the header) grew with the text
    });
}

void DemoResultsTable::clearResults() {
  sources_.clear();
  setRowCount(0);
}

QString DemoResultsTable::cellText(int row, const QString& header) const {
  for (int column = 0; column < columnCount(); ++column)
    if (horizontalHeaderItem(column) && horizontalHeaderItem(column)->text() == header)
      return item(row, column) ? item(row, column)->text() : QString();
  return {};
}

void DemoResultsTable::showTable(const demos::DemoTable& table) {
  clearResults();
  QStringList headers;
  for (const auto& column : table.columns) headers << QString::fromStdString(column.heading);
  setColumnCount(static_cast<int>(headers.size()));
  setHorizontalHeaderLabels(headers);
  setRowCount(static_cast<int>(table.rows.size()));
  for (int r = 0; r < rowCount(); ++r) {
    const demos::DemoTable::Row& row = table.rows[static_cast<std::size_t>(r)];
    for (int c = 0; c < columnCount() && c < static_cast<int>(row.cells.size()); ++c) {
      auto* item = new QTableWidgetItem(QString::fromStdString(row.cells[static_cast<std::size_t>(c)]));
      item->setTextAlignment(alignmentOf(table.columns[static_cast<std::size_t>(c)].align) | Qt::AlignVCenter);
      if (std::find(row.alarming.begin(), row.alarming.end(), c) != row.alarming.end()) item->setForeground(Qt::red);
      setItem(r, c, item);
    }
    sources_.push_back({QString::fromStdString(row.sourceAnchor), QString::fromStdString(row.why)});
  }
  resizeColumnsToContents();
  if (rowCount() > 0) selectRow(0);  // the source view shows the first version straight away
}

}  // namespace kc
