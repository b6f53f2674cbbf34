#pragma once
// The demo panel's exports: the results table as CSV and the chart as PNG, both written through
// QSaveFile, so a failed or cancelled save leaves the old file (or none), never half of one.
#include <QByteArray>
#include <QString>

class QImage;
class QTableWidget;

namespace kc {

// RFC 4180: one header line, then one line per row; a field with a comma, a quote or a line
// break is quoted (quotes doubled). UTF-8, CRLF line ends.
QByteArray tableCsv(const QTableWidget& table);

// false with *error set (when given) if the file cannot be written completely.
bool saveBytesAtomically(const QString& path, const QByteArray& bytes, QString* error = nullptr);
bool savePngAtomically(const QString& path, const QImage& image, QString* error = nullptr);

}  // namespace kc
