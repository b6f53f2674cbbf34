#include "ui/demos/demo_export.hpp"

#include <QStringList>
#include <QTableWidget>

namespace kc {

namespace {

QString csvField(QString text) {
  if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n')) &&
      !text.contains(QLatin1Char('\r')))
    return text;
  return QLatin1Char('"') + text.replace(QLatin1Char('"'), QStringLiteral("\"\"")) + QLatin1Char('"');
}

QByteArray csvLine(const QStringList& fields) {
  QStringList quoted;
  for (const QString& field : fields) quoted << csvField(field);
  return quoted.join(QLatin1Char(',')).toUtf8() + "\r\n";
}

}  // namespace

QByteArray tableCsv(const QTableWidget& table) {
  QStringList header;
  for (int column = 0; column < table.columnCount(); ++column) {
    const QTableWidgetItem* item = table.horizontalHeaderItem(column);
    header << (item ? item->text() : QString());
  }
  QByteArray csv = csvLine(header);
  for (int row = 0; row < table.rowCount(); ++row) {
    QStringList fields;
    for (int column = 0; column < table.columnCount(); ++column) {
      const QTableWidgetItem* item = table.item(row, column);
      fields << (item ? item->text() : QString());
    }
    csv += csvLine(fields);
  }
  return csv;
}

}  // namespace kc
