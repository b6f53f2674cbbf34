#include "gpu/lab/line_figures.hpp"

#include <algorithm>
#include <cstdio>

#include "gpu/lab/program_source.hpp"

namespace kc::lab {
namespace {

double ratio(std::uint64_t a, std::uint64_t b) {
  return b == 0 ? 0.0 : static_cast<double>(a) / static_cast<double>(b);
}

std::string fixed1(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", v);
  return text;
}

void addFigures(LineFigures& sum, const LineFigures& line) {
  sum.instructions += line.instructions;
  sum.globalRequests += line.globalRequests;
  sum.globalSectors += line.globalSectors;
  sum.globalSectorsIdeal += line.globalSectorsIdeal;
  sum.sharedRequests += line.sharedRequests;
  sum.sharedWavefronts += line.sharedWavefronts;
  sum.sharedWavefrontsIdeal += line.sharedWavefrontsIdeal;
  sum.divergentBranches += line.divergentBranches;
  sum.globalAtomics += line.globalAtomics;
}

}  // namespace

// The same file, as the line information names it: the path itself, or (a relative path given to
// the compile, which the line information may give with its folder) one ending in "/" + the other.
bool sameFile(const std::string& a, const std::string& b) {
  if (a == b) return true;
  const auto endsWith = [](const std::string& text, const std::string& tail) {
    return text.size() > tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0 &&
           text[text.size() - tail.size() - 1] == '/';
  };
  return !a.empty() && !b.empty() && (endsWith(a, b) || endsWith(b, a));
}

std::vector<LineFigures> linesOfFile(const std::vector<LineFigures>& lines, const std::string& file) {
  std::vector<LineFigures> mine;
  for (const LineFigures& line : lines)
    if (sameFile(line.file, file) && line.line > 0) mine.push_back(line);
  std::sort(mine.begin(), mine.end(), [](const LineFigures& a, const LineFigures& b) { return a.line < b.line; });
  return mine;
}

std::uint64_t totalInstructions(const std::vector<LineFigures>& lines) {
  std::uint64_t total = 0;
  for (const LineFigures& line : lines) total += line.instructions;
  return total;
}

LineFigures wholeKernel(const std::vector<LineFigures>& lines) {
  LineFigures sum;
  for (const LineFigures& line : lines) addFigures(sum, line);
  return sum;
}

std::vector<std::pair<std::string, LineFigures>> accessorFigures(const std::vector<LineFigures>& lines) {
  std::vector<std::pair<std::string, LineFigures>> accessors;
  for (const LineFigures& line : linesOfFile(lines, kPreludeName)) {
    const std::string name = preludeAccessorAt(static_cast<int>(line.line));
    if (name.empty()) continue;
    auto it = std::find_if(accessors.begin(), accessors.end(), [&](const auto& a) { return a.first == name; });
    if (it == accessors.end()) it = accessors.insert(accessors.end(), {name, LineFigures{}});
    addFigures(it->second, line);
  }
  return accessors;
}

double sectorsPerRequest(const LineFigures& line) { return ratio(line.globalSectors, line.globalRequests); }
double idealSectorsPerRequest(const LineFigures& line) { return ratio(line.globalSectorsIdeal, line.globalRequests); }
double wavefrontsPerRequest(const LineFigures& line) { return ratio(line.sharedWavefronts, line.sharedRequests); }
double idealWavefrontsPerRequest(const LineFigures& line) {
  return ratio(line.sharedWavefrontsIdeal, line.sharedRequests);
}

double memoryExcess(const LineFigures& line) {
  double excess = 1;
  if (line.globalSectorsIdeal > 0) excess = std::max(excess, ratio(line.globalSectors, line.globalSectorsIdeal));
  if (line.sharedWavefrontsIdeal > 0)
    excess = std::max(excess, ratio(line.sharedWavefronts, line.sharedWavefrontsIdeal));
  return excess;
}

std::string describeLine(const LineFigures& line, std::uint64_t total) {
  std::string text = fixed1(100.0 * ratio(line.instructions, total)) + "% of instructions";
  if (line.globalRequests > 0) {
    text += "; global " + fixed1(sectorsPerRequest(line)) + " sectors/request (ideal " +
            fixed1(idealSectorsPerRequest(line)) + ")";
    const double excess = ratio(line.globalSectors, line.globalSectorsIdeal);
    if (excess >= 1.5) text += ": " + fixed1(excess) + "x the sectors, uncoalesced";
  }
  if (line.sharedRequests > 0) {
    text += "; shared " + fixed1(wavefrontsPerRequest(line)) + " wavefronts/request (ideal " +
            fixed1(idealWavefrontsPerRequest(line)) + ")";
    const double excess = ratio(line.sharedWavefronts, line.sharedWavefrontsIdeal);
    if (excess >= 1.5) text += ": " + fixed1(excess) + "x, bank conflicts";
  }
  return text;
}

}  // namespace kc::lab
