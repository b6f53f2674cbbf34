#pragma once
// Stages that one CUDA launch runs together (issue 21's fused live path), and the plan of a chain
// on CUDA: which stages run alone and which as one fused launch.
//
// A fusion is a record of its own registry (CudaFusionRegistry below, apart from the stage registry,
// which stays generic: the CPU pipeline never fuses), registered from the .cu file of the stage it is
// built around: conv_stage.cu fuses the grey stage before a convolution and the histogram after it. Its result is
// bit-exact with the stages one by one (each fusion's GPU test says so). Fusions are CUDA's alone: the CPU pipeline
// runs every stage by itself. A chain runs unfused when its per-stage timings are wanted (FramePipeline::setFusion): a
// fused launch has one timing row. No CUDA types here (stage.hpp's rule): the plan is host logic, tested without a GPU.
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "gpu/pipeline/filter_chain.hpp"

namespace kc {

struct CudaFusion {
  std::string name;  // "gray+conv+hist": for tests and notes
  // The number of stages (2 or more) from chain[first] on, whose input has `shape`, that this fusion
  // runs as one launch; 0 where it does not apply.
  std::function<std::size_t(const FilterChain& chain, std::size_t first, FrameShape shape)> match;
  // Enqueues chain[first .. first + count) on io.stream: io.in is the first stage's input, io.out the
  // last image's output, io.histogram set where a stage of the run declares one. Returns false,
  // enqueueing nothing, where the frames do not fit after all (row alignment): the stages then run
  // one by one.
  std::function<bool(const FilterChain& chain, std::size_t first, std::size_t count, const CudaStageIo& io)> launch;
};

// The fusions, tried in the order added. A fusion with the name of one already there replaces it;
// remove takes one away (tests). Throws InvalidArgument for a fusion without a name, match or launch.
class CudaFusionRegistry {
 public:
  void add(CudaFusion fusion);
  void remove(std::string_view name);
  const std::vector<CudaFusion>& all() const { return fusions_; }

 private:
  std::vector<CudaFusion> fusions_;
};

CudaFusionRegistry& cudaFusionRegistry();

// A fusion, from the .cu file of a stage (whose anchor, KC_REGISTER_CUDA_STAGE's, keeps the file linked).
#define KC_REGISTER_CUDA_FUSION(NAME, FUSION) \
  extern "C" const int kc_cuda_fusion_##NAME = (::kc::cudaFusionRegistry().add(FUSION), 1)

// One step of a chain on CUDA: a stage alone, or a run of stages that `fusion` launches together.
struct CudaChainStep {
  std::size_t first = 0;
  std::size_t count = 1;
  const CudaFusion* fusion = nullptr;  // null: the stage's own launch
  FrameShape in, out;                  // out: the image after the step (`in` where it makes none)
  bool producesImage = false;          // a stage of the step makes an image
  bool histogram = false;              // a stage of the step declares SideOutput::Histogram
  bool noOp = false;                   // a single stage that leaves `in` as it is (not run, not timed)
  std::string label;                   // its timing row: the stage's label, or the labels joined by " + "
  double bytes = 0;                    // its ideal bytes: the stage's, or the run's input plus its output
};

// The steps of `chain` for an input of `in`, in order; with `fuse`, each registered fusion is tried
// at each stage (the first that matches wins), else every stage is a step of its own.
std::vector<CudaChainStep> planCudaChain(const FilterChain& chain, FrameShape in, bool fuse);

}  // namespace kc
