#include "gpu/pipeline/chain_shape.hpp"

namespace kc {

bool stageIsNoOp(const StageSpec& stage, FrameShape in) {
  return stage.definition->isNoOp && stage.definition->isNoOp(stage, in);
}

FrameShape stageOutputShape(const StageSpec& stage, FrameShape in) {
  const StageDefinition& definition = *stage.definition;
  if (!definition.producesImage || stageIsNoOp(stage, in) || !definition.outputShape) return in;
  return definition.outputShape(stage, in);
}

FrameShape chainOutputShape(const FilterChain& chain, FrameShape in) {
  for (const auto& stage : chain) in = stageOutputShape(stage, in);
  return in;
}

double stageBytes(const StageSpec& stage, FrameShape in) {
  if (stageIsNoOp(stage, in)) return 0;
  if (stage.definition->bytesMoved) return stage.definition->bytesMoved(stage, in);
  const double inBytes = static_cast<double>(in.bytes());
  return stage.definition->producesImage ? inBytes + static_cast<double>(stageOutputShape(stage, in).bytes()) : inBytes;
}

DisplayLayout displayLayoutFor(const FilterChain& chain, int width, int height) {
  const FrameShape out = chainOutputShape(chain, {width, height, PixelFormat::Rgba8});
  DisplayLayout layout;
  layout.originalWidth = width;
  layout.originalHeight = height;
  layout.filteredWidth = out.width;
  layout.filteredHeight = out.height;
  layout.filteredFormat = out.format;
  return layout;
}

}  // namespace kc
