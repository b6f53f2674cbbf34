#include "gpu/pipeline/cuda_fusion.hpp"

#include "gpu/core/error.hpp"
#include "gpu/pipeline/chain_shape.hpp"

namespace kc {

void CudaFusionRegistry::add(CudaFusion fusion) {
  if (fusion.name.empty() || !fusion.match || !fusion.launch)
    throw InvalidArgument("fusion registry: a fusion needs a name, match and launch");
  remove(fusion.name);
  fusions_.push_back(std::move(fusion));
}

void CudaFusionRegistry::remove(std::string_view name) {
  std::erase_if(fusions_, [&](const CudaFusion& fusion) { return fusion.name == name; });
}

CudaFusionRegistry& cudaFusionRegistry() {
  static CudaFusionRegistry registry;
  return registry;
}

std::vector<CudaChainStep> planCudaChain(const FilterChain& chain, FrameShape in, bool fuse) {
  const std::vector<std::string> labels = stageLabels(chain);
  std::vector<CudaChainStep> steps;
  FrameShape shape = in;
  for (std::size_t i = 0; i < chain.size();) {
    CudaChainStep step;
    step.first = i;
    step.in = shape;
    if (fuse && !stageIsNoOp(chain[i], shape)) {
      for (const CudaFusion& fusion : cudaFusionRegistry().all()) {
        const std::size_t count = fusion.match(chain, i, shape);
        if (count < 2 || i + count > chain.size()) continue;
        step.fusion = &fusion;
        step.count = count;
        break;
      }
    }
    step.noOp = !step.fusion && stageIsNoOp(chain[i], shape);
    for (std::size_t k = i; k < i + step.count; ++k) {
      const StageSpec& stage = chain[k];
      step.producesImage = step.producesImage || stage.definition->producesImage;
      step.histogram = step.histogram || stage.definition->sideOutput == SideOutput::Histogram;
      step.label += (k == i ? "" : " + ") + labels[k];
      shape = stageOutputShape(stage, shape);
    }
    step.out = shape;
    step.bytes = step.fusion ? static_cast<double>(step.in.bytes() + (step.producesImage ? step.out.bytes() : 0))
                             : stageBytes(chain[i], step.in);
    i += step.count;
    steps.push_back(std::move(step));
  }
  return steps;
}

}  // namespace kc
