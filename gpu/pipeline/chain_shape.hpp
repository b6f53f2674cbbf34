#pragma once
// What a filter chain does to a frame's shape, and the bytes each stage moves, from the stages'
// registry records: shared by the CPU and CUDA pipelines (stats, buffer sizes) and the view's layout.
#include <vector>

#include "gpu/pipeline/display_sink.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/host_frame.hpp"

namespace kc {

// The image a stage hands on from `in` (a stage that produces no image hands `in` on; a no-op too).
FrameShape stageOutputShape(const StageSpec& stage, FrameShape in);
FrameShape chainOutputShape(const FilterChain& chain, FrameShape in);

// Bytes a stage reads plus writes at its ideal (each input pixel read once, each output written once).
double stageBytes(const StageSpec& stage, FrameShape in);

// True when the stage does nothing to `in` (gray on an image already grey).
bool stageIsNoOp(const StageSpec& stage, FrameShape in);

// The view's buffers for an RGBA input of width x height through `chain`.
DisplayLayout displayLayoutFor(const FilterChain& chain, int width, int height);

}  // namespace kc
