// Fuzz target: any text as --filters. kc::InvalidArgument is the expected answer to bad input;
// an accepted chain must print canonically, parse back to the same text, and give valid kernels.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "gpu/core/error.hpp"
#include "gpu/pipeline/filter_chain.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  kc::FilterChain chain;
  try {
    chain = kc::parseFilterChain(text);
  } catch (const kc::InvalidArgument&) {
    return 0;
  }
  const std::string canonical = kc::formatFilterChain(chain);
  if (kc::formatFilterChain(kc::parseFilterChain(canonical)) != canonical) std::abort();
  if (kc::stageLabels(chain).size() != chain.size()) std::abort();
  for (const kc::StageSpec& stage : chain)
    if (stage.kind == kc::StageKind::Conv) (void)stage.conv.kernel();  // parsed => a valid kernel (throws otherwise)
  return 0;
}
