#include "app/cli/demo_format.hpp"

#include <QJsonDocument>

#include "app/cli/json_schema.hpp"

namespace kc::cli {

std::string demoHeaderLine(const DemoRunInfo& run, const std::string& problem) {
  return run.demo + " demo on " + run.device + " (backend " + toString(run.backend) + "): " + problem;
}

std::string formatDemoText(const demos::DemoResult& result, const DemoRunInfo& run) {
  return demoHeaderLine(run, result.problem()) + "\n\n" + result.commandLineTable();
}

QJsonObject demoReportJson(const demos::DemoResult& result, const DemoRunInfo& run) {
  // Qt's reader keeps each number as written (whole numbers as integers), and its writer sorts the
  // keys: the document reads as it did when the fields were made here.
  QJsonObject report = QJsonDocument::fromJson(QByteArray::fromStdString(result.jsonFields())).object();
  report.insert(QStringLiteral("schema"), kDemoJsonSchema);
  report.insert(QStringLiteral("demo"), QString::fromStdString(run.demo));
  report.insert(QStringLiteral("backend"), QString::fromLatin1(toString(run.backend)));
  report.insert(QStringLiteral("device"), QString::fromStdString(run.device));
  return report;
}

}  // namespace kc::cli
