#pragma once
// The entry point of a user kernel: the one `__global__` function in the file. Any name works
// (the built-in kernels keep theirs when opened in the lab); the signature is fixed, and the
// compiler checks it (see program_source.hpp).
#include <optional>
#include <string>
#include <vector>

#include "gpu/lab/diagnostic.hpp"
#include "gpu/lab/source_scan.hpp"

namespace kc::lab {

// The contract, as every message about it spells it.
inline constexpr const char* kEntrySignature = "__global__ void NAME(KcInput in, KcOutput out, KcParams params)";

struct EntryCandidate {
  std::string name;
  int line = 0;  // of the name, 1-based
  int column = 0;
};

// Every `__global__` function of the file, once per name (its definition's place where the file
// has one), in file order.
std::vector<EntryCandidate> findGlobalFunctions(const ScannedSource& scanned);

struct EntryCheck {
  std::optional<EntryCandidate> entry;  // set when the file has exactly one candidate
  std::vector<Diagnostic> diagnostics;  // "no kernel" or "two candidate entries"
};
// `signature`: the contract's, as the "no kernel" message spells it.
EntryCheck findEntry(const std::string& path, const ScannedSource& scanned,
                     const std::string& signature = kEntrySignature);

}  // namespace kc::lab
