#pragma once
// Everything the lab can tell about a kernel file before compiling it: its annotations (the
// parameters, output format and block shape) and its entry point. Plain C++: the window reads the
// sliders from here, and the compiler (cuda/nvrtc_compiler.hpp) builds its program from it.
#include <optional>
#include <vector>

#include "gpu/lab/diagnostic.hpp"
#include "gpu/lab/entry_contract.hpp"
#include "gpu/lab/kernel_annotations.hpp"
#include "gpu/lab/kernel_entry.hpp"
#include "gpu/lab/kernel_source.hpp"

namespace kc::lab {

struct KernelAnalysis {
  KernelAnnotations annotations;
  std::optional<EntryCandidate> entry;
  std::vector<Diagnostic> diagnostics;  // bad annotations, no entry, two entries; warnings
  bool ok() const { return entry.has_value() && !hasErrors(diagnostics); }
};

KernelAnalysis analyzeKernel(const KernelSource& source, const EntryContract& contract = imageContract());

}  // namespace kc::lab
