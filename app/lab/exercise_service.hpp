#pragma once
// The window's side of the course (ui/lab/exercise_panel.hpp's ExerciseService): the records, the
// student's files in the lab folder (LAB/exercises/ID.cu, created from the starting code once),
// the progress in the user's data folder, and the checks, on an ExerciseMachine of the window's own
// (its lab worker apart from the live stage's, so a check never stalls the stream). For an image
// exercise, opening it also sets A/B on the live stream: the student's kernel against kernelcam's,
// with the heat map of where they differ.
#include <QString>
#include <memory>

#include "ui/files/save_file.hpp"
#include "ui/lab/exercise_panel.hpp"

namespace kc {

class KernelLabPanel;

ExerciseService makeExerciseService(const QString& labDirectory, SaveFile save);

// Where the student's file for exercise `id` lives: LAB/exercises/ID.cu ('-' as '_').
QString exerciseFilePath(const QString& labDirectory, const std::string& id);

// A/B for an image exercise just opened at `path`: A the student's kernel, B kernelcam's reference
// (its chain, or its optimised kernel copied beside the student's file), shown as the heat map.
// Nothing for an array exercise (its kernel does not run on frames).
void showExerciseOnTheStream(KernelLabPanel& lab, const std::string& id, const QString& path, const SaveFile& save);

}  // namespace kc
