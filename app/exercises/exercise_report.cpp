#include "app/exercises/exercise_report.hpp"

#include <QJsonArray>
#include <cstdio>

namespace kc {
namespace {

QJsonValue msOrNull(const std::optional<double>& ms) { return ms ? QJsonValue(*ms) : QJsonValue(QJsonValue::Null); }

QString q(const std::string& text) { return QString::fromStdString(text); }

// "  why line 1\n  why line 2\n" indented under a goal.
std::string indented(const std::string& text, const std::string& indent) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    out += indent + text.substr(start, end - start) + "\n";
    start = end + 1;
  }
  return out;
}

}  // namespace

std::string exerciseReportText(const exercises::ExerciseDefinition& exercise, const exercises::CheckReport& report) {
  std::string text = report.path + ": exercise " + exercise.id + " (" + exercise.title + ")";
  if (report.ran) text += " on " + report.device;
  text += ", seed " + std::to_string(report.seed) + "\n";
  for (const exercises::CaseOutcome& c : report.cases)
    if (!c.passed) text += "  input " + c.message + "\n";
  for (const exercises::GoalOutcome& g : report.goals) {
    const char* mark = !g.measured ? "[ -- ]" : g.met ? "[met ]" : "[miss]";
    text += "  level " + std::to_string(g.level) + " " + mark + " " + g.title + ": " + g.figure + "\n";
    if (g.met && !g.why.empty()) text += indented(g.why, "      ");
    if (g.measured && !g.met) {
      if (g.line > 0) text += "      " + report.path + ":" + std::to_string(g.line) + ": look here\n";
      if (!g.advice.empty() && g.id != exercises::kGoalCorrect) text += indented(g.advice, "      ");
    }
  }
  char tail[160];
  std::snprintf(tail, sizeof tail, "level %d of %d reached (checked in %.2f s, the compile %.0f ms)\n",
                report.levelReached, report.maxLevel, report.checkMs / 1000, report.compileMs);
  return text + tail;
}

QJsonObject exerciseReportJson(const exercises::CheckReport& report) {
  QJsonArray diagnostics;
  for (const lab::Diagnostic& d : report.diagnostics)
    diagnostics.append(QJsonObject{{"path", q(d.path)},
                                   {"line", d.line},
                                   {"column", d.column},
                                   {"severity", lab::severityName(d.severity)},
                                   {"message", q(d.message)}});
  QJsonArray cases;
  for (const exercises::CaseOutcome& c : report.cases)
    cases.append(QJsonObject{{"input", q(c.label)}, {"ran", c.ran}, {"passed", c.passed}, {"message", q(c.message)}});
  QJsonArray goals;
  for (const exercises::GoalOutcome& g : report.goals)
    goals.append(QJsonObject{{"id", q(g.id)},
                             {"level", g.level},
                             {"title", q(g.title)},
                             {"measured", g.measured},
                             {"met", g.met},
                             {"figure", q(g.figure)},
                             {"line", g.line > 0 ? QJsonValue(g.line) : QJsonValue(QJsonValue::Null)}});
  return QJsonObject{{"schema", "kernelcam-exercise-check/1"},
                     {"exercise", q(report.exercise)},
                     {"path", q(report.path)},
                     {"seed", QString::number(report.seed)},
                     {"device", report.ran ? QJsonValue(q(report.device)) : QJsonValue(QJsonValue::Null)},
                     {"compiled", report.compiled},
                     {"diagnostics", diagnostics},
                     {"ran", report.ran},
                     {"correct", report.correct},
                     {"cases", cases},
                     {"goals", goals},
                     {"level_reached", report.levelReached},
                     {"max_level", report.maxLevel},
                     {"times_ms", QJsonObject{{"student", msOrNull(report.studentMs)},
                                              {"naive", msOrNull(report.naiveMs)},
                                              {"optimised", msOrNull(report.optimisedMs)},
                                              {"copy_floor", msOrNull(report.copyFloorMs)}}},
                     {"compile_ms", report.compileMs},
                     {"check_ms", report.checkMs}};
}

int exerciseExitCode(const exercises::CheckReport& report, int level) {
  if (!report.compiled) return 2;
  if (!report.ran) return 3;
  return exercises::goalsMetUpTo(report, level) ? 0 : 1;
}

}  // namespace kc
