#include "gpu/lab/kernel_analysis.hpp"

#include <algorithm>

#include "gpu/lab/source_scan.hpp"

namespace kc::lab {

KernelAnalysis analyzeKernel(const KernelSource& source, const EntryContract& contract) {
  const ScannedSource scanned = scanSource(source.text);
  AnnotationParse parse = parseAnnotations(source.path, scanned);
  EntryCheck entry = findEntry(source.path, scanned, contract.signature);
  KernelAnalysis analysis;
  analysis.annotations = std::move(parse.annotations);
  analysis.entry = entry.entry;
  analysis.diagnostics = std::move(parse.diagnostics);
  analysis.diagnostics.insert(analysis.diagnostics.end(), entry.diagnostics.begin(), entry.diagnostics.end());
  std::stable_sort(analysis.diagnostics.begin(), analysis.diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.line < b.line; });
  return analysis;
}

}  // namespace kc::lab
