#pragma once
// The grader's results: one row per submission, written as CSV (a spreadsheet) and JSON (scripts),
// read back to merge a sharded class and to reuse the rows of unchanged submissions (the cache).
#include <QJsonObject>
#include <optional>
#include <string>
#include <vector>

#include "gpu/exercises/exercise_check.hpp"

namespace kc {

// What a row's status says, in the order the summary counts them.
constexpr const char* kStatusAllGoals = "all-goals";  // correct and every goal up to the level met
constexpr const char* kStatusCorrect = "correct";     // correct, some goal short
constexpr const char* kStatusWrong = "wrong";         // an output differs (what_differs says how)
constexpr const char* kStatusFaulted = "faulted";     // the kernel faulted on an input
constexpr const char* kStatusTimedOut = "timed-out";  // the kernel did not finish within the run limit
constexpr const char* kStatusCompileError = "compile-error";
constexpr const char* kStatusNotGradable = "not-gradable";  // no kernel, an unreadable, empty, binary, huge file...
constexpr const char* kStatusNeedsGpu = "needs-gpu";        // compiles; no CUDA device here to run it

struct GradeGoal {
  std::string id;
  int level = 0;
  bool measured = false, met = false;
  std::string figure;
};

struct GradeRow {
  std::string student, submission, status, reason;
  bool compiled = false;
  std::string firstDiagnostic;  // PATH:LINE:COL: error: ...
  std::optional<bool> correct;  // unset: not run
  std::string whatDiffers;
  int levelReached = 0, maxLevel = 0;
  std::vector<GradeGoal> goals;
  std::optional<double> studentMs, naiveMs, optimisedMs;
  double gradeMs = 0;
  std::string sourceHash;
  bool cached = false;  // reused from an earlier run
};

// A row from a check's report (`level`: the level "all-goals" needs; 0 every goal).
GradeRow gradeRow(const std::string& student, const std::string& submission, const exercises::CheckReport& report,
                  int level);
// A row for a submission that could not be checked: `status` and one line of reason.
GradeRow problemRow(const std::string& student, const std::string& submission, const std::string& status,
                    const std::string& reason);

// The CSV: a header, then one row per submission in the rows' order (RFC 4180: fields with a comma,
// quote or line break are quoted). The goals' columns follow the exercise: <goal>_met (yes, no, or
// empty when not measured) and <goal> (its figure). Times in ms, empty when not measured.
std::string resultsCsv(const exercises::ExerciseDefinition& exercise, const std::vector<GradeRow>& rows);
QJsonObject resultsJson(const exercises::ExerciseDefinition& exercise, std::uint64_t seed,
                        const std::vector<std::string>& devices, const std::vector<GradeRow>& rows, bool complete);
QJsonObject rowJson(const GradeRow& row);
GradeRow rowFromJson(const QJsonObject& json);

// A CSV file as records of fields (RFC 4180): what resultsCsv writes and merge reads back.
struct CsvTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> records;
};
std::string writeCsv(const CsvTable& table);
// Throws std::runtime_error naming the line for a quote left open or a record of another width.
CsvTable readCsv(const std::string& text);
CsvTable resultsTable(const exercises::ExerciseDefinition& exercise, const std::vector<GradeRow>& rows);

}  // namespace kc
