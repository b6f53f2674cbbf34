#pragma once
// A check's report as people and programs read it: the terminal's text (what `kernelcam exercise
// check` prints, the grader's per-submission line) and JSON (`--json`, the grader's results).
#include <QJsonObject>
#include <string>

#include "gpu/exercises/exercise_check.hpp"

namespace kc {

// The goals, one per line, with the figure; the "why" under a met one, the line and advice under an
// unmet one; then the level reached. Diagnostics are not in it (stderr gets them as PATH:LINE:COL).
std::string exerciseReportText(const exercises::ExerciseDefinition& exercise, const exercises::CheckReport& report);

// {"schema": "kernelcam-exercise-check/1", "exercise", "path", "seed", "device", "compiled",
//  "diagnostics": [...], "ran", "correct", "cases": [...], "goals": [...], "level_reached", "max_level",
//  "times_ms": {"student", "naive", "optimised", "copy_floor"} (null: not measured), "compile_ms", "check_ms"}
QJsonObject exerciseReportJson(const exercises::CheckReport& report);

// The exit status of `exercise check` (and a submission's status in the grader): 0 every goal up to
// `level` met (0: every goal), 1 wrong or short of it, 2 does not compile, 3 no device to run it.
int exerciseExitCode(const exercises::CheckReport& report, int level);

}  // namespace kc
