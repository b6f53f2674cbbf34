#pragma once
// The demo panel's results table as CSV (written, with the chart's PNG, through the panel's
// SaveFile: ui/files/save_file.hpp).
#include <QByteArray>
#include <QString>

class QTableWidget;

namespace kc {

// RFC 4180: one header line, then one line per row; a field with a comma, a quote or a line
// break is quoted (quotes doubled). UTF-8, CRLF line ends.
QByteArray tableCsv(const QTableWidget& table);

}  // namespace kc
