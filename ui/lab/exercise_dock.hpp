#pragma once
// Puts the course into the main window: an "Exercise" dock beside the kernel lab (the statement
// next to the editor), opened by Lab > Exercises (Ctrl+E), which also opens the lab and brings both
// to the front. Install it after the lab (installKernelLab) and before restoreSettings().
#include "ui/lab/exercise_panel.hpp"

class QDockWidget;

namespace kc {

class MainWindow;

ExercisePanel* installExercises(MainWindow& window, KernelLabPanel& lab, ExerciseService service);
QDockWidget* exerciseDock(MainWindow& window);  // the installed dock, or nullptr
// Lab > Exercises: both docks shown and raised (their tabs current), the exercise list focused.
void showExercises(MainWindow& window);

}  // namespace kc
