#include "app/exercises/grade_results.hpp"

#include <QJsonArray>
#include <cstdio>
#include <map>
#include <stdexcept>

namespace kc {
namespace {

QString q(const std::string& text) { return QString::fromStdString(text); }
QJsonValue msOrNull(const std::optional<double>& ms) { return ms ? QJsonValue(*ms) : QJsonValue(QJsonValue::Null); }
std::optional<double> msFrom(const QJsonValue& v) {
  return v.isDouble() ? std::optional<double>(v.toDouble()) : std::nullopt;
}

std::string number(const std::optional<double>& value, int digits = 4) {
  if (!value) return "";
  char text[48];
  std::snprintf(text, sizeof text, "%.*g", digits, *value);
  return text;
}

std::string yesNo(bool value) { return value ? "yes" : "no"; }

// A message as one line of a row: control characters (a newline in a student's file name that the
// message quotes) shown as '?'.
std::string oneLine(std::string text) {
  for (char& c : text)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  return text;
}

}  // namespace

GradeRow problemRow(const std::string& student, const std::string& submission, const std::string& status,
                    const std::string& reason) {
  GradeRow row;
  row.student = student;
  row.submission = submission;
  row.status = status;
  row.reason = oneLine(reason);
  return row;
}

GradeRow gradeRow(const std::string& student, const std::string& submission, const exercises::CheckReport& report,
                  int level) {
  GradeRow row;
  row.student = student;
  row.submission = submission;
  row.compiled = report.compiled;
  for (const lab::Diagnostic& d : report.diagnostics)
    if (d.severity == lab::Severity::Error) {
      row.firstDiagnostic = oneLine(lab::formatDiagnostic(d));
      break;
    }
  row.levelReached = report.levelReached;
  row.maxLevel = report.maxLevel;
  for (const exercises::GoalOutcome& g : report.goals)
    row.goals.push_back({g.id, g.level, g.measured, g.met, g.figure});
  row.studentMs = report.studentMs;
  row.naiveMs = report.naiveMs;
  row.optimisedMs = report.optimisedMs;
  row.gradeMs = report.checkMs;
  if (report.ran) row.correct = report.correct;
  for (const exercises::CaseOutcome& c : report.cases)
    if (!c.passed) {
      row.whatDiffers = oneLine(c.message);
      break;
    }
  if (!report.compiled) {
    row.status = kStatusCompileError;
    row.reason = row.firstDiagnostic.empty() ? "does not compile" : row.firstDiagnostic;
  } else if (!report.ran) {
    row.status = kStatusNeedsGpu;
    row.reason = "compiles; running its checks needs a CUDA device";
  } else if (!report.correct) {
    const bool faulted = row.whatDiffers.find("the kernel faulted") != std::string::npos;
    const bool hung = row.whatDiffers.find("did not finish within") != std::string::npos;
    row.status = faulted ? kStatusFaulted : hung ? kStatusTimedOut : kStatusWrong;
    row.reason = row.whatDiffers;
  } else if (exercises::goalsMetUpTo(report, level)) {
    row.status = kStatusAllGoals;
    row.reason = "level " + std::to_string(report.levelReached) + " of " + std::to_string(report.maxLevel);
  } else {
    row.status = kStatusCorrect;
    for (const exercises::GoalOutcome& g : report.goals)
      if (!g.met) {
        row.reason = "level " + std::to_string(report.levelReached) + ": " + g.title + ": " + g.figure;
        break;
      }
  }
  row.reason = oneLine(row.reason);
  return row;
}

CsvTable resultsTable(const exercises::ExerciseDefinition& exercise, const std::vector<GradeRow>& rows) {
  CsvTable table;
  table.header = {"student",          "submission", "status",       "reason",        "compiled",
                  "first_diagnostic", "correct",    "what_differs", "level_reached", "max_level"};
  std::vector<std::string> goalIds{exercises::kGoalCorrect, exercises::kGoalBeatsNaive, exercises::kGoalNearOptimised};
  for (const exercises::CounterGoal& g : exercise.counterGoals) goalIds.push_back(g.id);
  for (const std::string& id : goalIds) {
    table.header.push_back(id + "_met");
    table.header.push_back(id);
  }
  for (const char* column : {"student_ms", "naive_ms", "optimised_ms", "speedup_vs_naive", "grade_ms", "source_hash"})
    table.header.push_back(column);
  for (const GradeRow& row : rows) {
    std::vector<std::string> r{row.student,
                               row.submission,
                               row.status,
                               row.reason,
                               yesNo(row.compiled),
                               row.firstDiagnostic,
                               row.correct ? yesNo(*row.correct) : "",
                               row.whatDiffers,
                               std::to_string(row.levelReached),
                               std::to_string(row.maxLevel)};
    for (const std::string& id : goalIds) {
      const GradeGoal* found = nullptr;
      for (const GradeGoal& g : row.goals)
        if (g.id == id) found = &g;
      r.push_back(found && found->measured ? yesNo(found->met) : "");
      r.push_back(found ? found->figure : "");
    }
    r.push_back(number(row.studentMs));
    r.push_back(number(row.naiveMs));
    r.push_back(number(row.optimisedMs));
    r.push_back(row.studentMs && row.naiveMs && *row.studentMs > 0 ? number(*row.naiveMs / *row.studentMs, 3) : "");
    r.push_back(number(row.gradeMs, 5));
    r.push_back(row.sourceHash);
    table.records.push_back(std::move(r));
  }
  return table;
}

std::string resultsCsv(const exercises::ExerciseDefinition& exercise, const std::vector<GradeRow>& rows) {
  return writeCsv(resultsTable(exercise, rows));
}

namespace {
std::string csvField(const std::string& field) {
  if (field.find_first_of(",\"\r\n") == std::string::npos) return field;
  std::string quoted = "\"";
  for (char c : field) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}
}  // namespace

std::string writeCsv(const CsvTable& table) {
  std::string text;
  const auto line = [&text](const std::vector<std::string>& fields) {
    for (std::size_t i = 0; i < fields.size(); ++i) text += (i ? "," : "") + csvField(fields[i]);
    text += "\r\n";  // RFC 4180's line end: a spreadsheet opens it as it is
  };
  line(table.header);
  for (const auto& record : table.records) line(record);
  return text;
}

CsvTable readCsv(const std::string& text) {
  CsvTable table;
  std::size_t at = 0, line = 1;
  bool first = true;
  while (at < text.size()) {
    std::vector<std::string> fields;
    std::string field;
    bool quoted = false, inQuotes = false;
    for (;;) {
      if (at >= text.size()) {
        if (inQuotes) throw std::runtime_error("line " + std::to_string(line) + ": a quoted field is not closed");
        fields.push_back(field);
        break;
      }
      const char c = text[at++];
      if (inQuotes) {
        if (c == '"' && at < text.size() && text[at] == '"') {
          field += '"';
          ++at;
        } else if (c == '"') {
          inQuotes = false;
        } else {
          if (c == '\n') ++line;
          field += c;
        }
      } else if (c == '"' && field.empty() && !quoted) {
        inQuotes = quoted = true;
      } else if (c == ',') {
        fields.push_back(field);
        field.clear();
        quoted = false;
      } else if (c == '\n' || c == '\r') {
        if (c == '\r' && at < text.size() && text[at] == '\n') ++at;
        fields.push_back(field);
        break;
      } else {
        field += c;
      }
    }
    ++line;
    if (first) {
      table.header = std::move(fields);
      first = false;
    } else {
      if (fields.size() != table.header.size())
        throw std::runtime_error("line " + std::to_string(line - 1) + ": " + std::to_string(fields.size()) +
                                 " fields where the header has " + std::to_string(table.header.size()));
      table.records.push_back(std::move(fields));
    }
  }
  return table;
}

QJsonObject rowJson(const GradeRow& row) {
  QJsonArray goals;
  for (const GradeGoal& g : row.goals)
    goals.append(QJsonObject{
        {"id", q(g.id)}, {"level", g.level}, {"measured", g.measured}, {"met", g.met}, {"figure", q(g.figure)}});
  return QJsonObject{{"student", q(row.student)},
                     {"submission", q(row.submission)},
                     {"status", q(row.status)},
                     {"reason", q(row.reason)},
                     {"compiled", row.compiled},
                     {"first_diagnostic", q(row.firstDiagnostic)},
                     {"correct", row.correct ? QJsonValue(*row.correct) : QJsonValue(QJsonValue::Null)},
                     {"what_differs", q(row.whatDiffers)},
                     {"level_reached", row.levelReached},
                     {"max_level", row.maxLevel},
                     {"goals", goals},
                     {"student_ms", msOrNull(row.studentMs)},
                     {"naive_ms", msOrNull(row.naiveMs)},
                     {"optimised_ms", msOrNull(row.optimisedMs)},
                     {"grade_ms", row.gradeMs},
                     {"source_hash", q(row.sourceHash)}};
}

GradeRow rowFromJson(const QJsonObject& o) {
  GradeRow row;
  const auto s = [&o](const char* key) { return o.value(QLatin1String(key)).toString().toStdString(); };
  row.student = s("student");
  row.submission = s("submission");
  row.status = s("status");
  row.reason = s("reason");
  row.compiled = o.value(QStringLiteral("compiled")).toBool();
  row.firstDiagnostic = s("first_diagnostic");
  if (o.value(QStringLiteral("correct")).isBool()) row.correct = o.value(QStringLiteral("correct")).toBool();
  row.whatDiffers = s("what_differs");
  row.levelReached = o.value(QStringLiteral("level_reached")).toInt();
  row.maxLevel = o.value(QStringLiteral("max_level")).toInt();
  for (const QJsonValue& v : o.value(QStringLiteral("goals")).toArray()) {
    const QJsonObject g = v.toObject();
    row.goals.push_back({g.value(QStringLiteral("id")).toString().toStdString(),
                         g.value(QStringLiteral("level")).toInt(), g.value(QStringLiteral("measured")).toBool(),
                         g.value(QStringLiteral("met")).toBool(),
                         g.value(QStringLiteral("figure")).toString().toStdString()});
  }
  row.studentMs = msFrom(o.value(QStringLiteral("student_ms")));
  row.naiveMs = msFrom(o.value(QStringLiteral("naive_ms")));
  row.optimisedMs = msFrom(o.value(QStringLiteral("optimised_ms")));
  row.gradeMs = o.value(QStringLiteral("grade_ms")).toDouble();
  row.sourceHash = s("source_hash");
  return row;
}

QJsonObject resultsJson(const exercises::ExerciseDefinition& exercise, std::uint64_t seed,
                        const std::vector<std::string>& devices, const std::vector<GradeRow>& rows, bool complete) {
  QJsonArray list;
  std::map<std::string, int> statuses;
  for (const GradeRow& row : rows) {
    list.append(rowJson(row));
    ++statuses[row.status];
  }
  QJsonObject counts;
  for (const auto& [status, count] : statuses) counts.insert(q(status), count);
  QJsonArray deviceList;
  for (const std::string& d : devices) deviceList.append(q(d));
  return QJsonObject{{"schema", "kernelcam-grade/1"},
                     {"exercise", q(exercise.id)},
                     {"exercise_version", static_cast<int>(exercise.version)},
                     {"seed", QString::number(seed)},
                     {"devices", deviceList},
                     {"complete", complete},
                     {"statuses", counts},
                     {"rows", list}};
}

}  // namespace kc
