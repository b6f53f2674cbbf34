// Fuzz target: any text as --filters. kc::InvalidArgument is the expected answer to bad input
// (one line with no raw control character: what it quotes goes through the sanitiser);
// an accepted chain must print canonically, parse back to the same text, carry a parsed form for
// every stage, and run on a tiny frame through the CPU backend without throwing.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "gpu/core/error.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_ops.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  kc::FilterChain chain;
  try {
    chain = kc::parseFilterChain(text);
  } catch (const kc::InvalidArgument& error) {
    // The refusal quotes the text: through the sanitiser, never a raw control character.
    for (const char c : std::string_view(error.what()))
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) std::abort();
    return 0;
  }
  const std::string canonical = kc::formatFilterChain(chain);
  if (kc::formatFilterChain(kc::parseFilterChain(canonical)) != canonical) std::abort();
  if (kc::stageLabels(chain).size() != chain.size()) std::abort();
  for (const kc::StageSpec& stage : chain)
    if (!stage.definition || !stage.config) std::abort();
  static const auto pipeline = kc::makeCpuPipeline();
  pipeline->setChain(chain);
  (void)pipeline->process(kc::makeHostFrame(kc::PixelFormat::Rgba8, 5, 3));  // a parsed chain runs
  return 0;
}
