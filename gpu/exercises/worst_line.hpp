#pragma once
// Where an unmet goal points the student: of their file's lines that `counts`, the one with the
// highest `score` (its line number; 0 when no line counts). One search for every counter goal.
#include <vector>

#include "gpu/lab/line_figures.hpp"

namespace kc::exercises {

template <class Counts, class Score>
int worstLine(const std::vector<lab::LineFigures>& ofFile, Counts counts, Score score) {
  const lab::LineFigures* worst = nullptr;
  for (const lab::LineFigures& line : ofFile)
    if (counts(line) && (!worst || score(line) > score(*worst))) worst = &line;
  return worst ? static_cast<int>(worst->line) : 0;
}

}  // namespace kc::exercises
