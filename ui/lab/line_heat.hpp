#pragma once
// A kernel's per-line profile (gpu/lab/line_figures.hpp) as the editor's gutter shows it: a heat
// column whose colour says how hot a line is (its share of the executed instructions, or how far
// its memory accesses are from the ideal: uncoalesced reads, bank conflicts) and whose tooltip
// gives the figures. The frame reads and writes go through the lab's accessors (in.rgba(),
// out.setGray()...), whose instructions keep the prelude's lines: their figures go to the lines of
// the kernel that call them, saying so ("every call of in.rgba() in this kernel").
#include <QString>
#include <vector>

#include "gpu/lab/line_figures.hpp"

namespace kc {

struct LineHeat {
  int line = 1;         // 1-based, in the edited text
  double level = 0;     // 0 (cool) .. 1 (hottest)
  bool memory = false;  // a memory access on the line is far from the ideal (else: the heat is instruction share)
  QString text;         // the figures, one line per source (the line's own, each accessor it calls)
};

// `path` is the edited file as the compile was given it, `text` what the editor holds.
std::vector<LineHeat> lineHeat(const std::vector<lab::LineFigures>& lines, const std::string& path,
                               const QString& text);

}  // namespace kc
