#include "gpu/pipeline/chain_shape.hpp"

namespace kc {

bool stageIsNoOp(const StageSpec& stage, FrameShape in) {
  return stage.kind == StageKind::Gray && in.format == PixelFormat::Gray8;
}

FrameShape stageOutputShape(const StageSpec& stage, FrameShape in) {
  switch (stage.kind) {
    case StageKind::Gray: return {in.width, in.height, PixelFormat::Gray8};
    case StageKind::Transpose: return {in.height, in.width, in.format};
    case StageKind::Conv:
    case StageKind::Hist: break;
  }
  return in;
}

FrameShape chainOutputShape(const FilterChain& chain, FrameShape in) {
  for (const auto& stage : chain) in = stageOutputShape(stage, in);
  return in;
}

double stageBytes(const StageSpec& stage, FrameShape in) {
  if (stageIsNoOp(stage, in)) return 0;
  const double pixels = static_cast<double>(in.width) * in.height;
  const double inBytes = pixels * bytesPerPixel(in.format);
  switch (stage.kind) {
    case StageKind::Gray: return inBytes + pixels;
    case StageKind::Hist: return inBytes + 4.0 * stage.hist.bins * (in.format == PixelFormat::Gray8 ? 1 : 3);
    case StageKind::Conv:
    case StageKind::Transpose: break;
  }
  return 2 * inBytes;
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
