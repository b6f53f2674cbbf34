// planCudaChain (gpu/pipeline/cuda_fusion.hpp), the CUDA pipeline's plan of a chain, without a GPU: a
// fusion record registered here for the test (the real one, gray+conv+hist, registers from
// conv_stage.cu in CUDA builds and has its GPU tests) takes the stages it matches into one step with
// one label and the run's ideal bytes; with fusion off, or where it does not match, every stage is its
// own step; a no-op stage is never fused; the shapes follow the chain.
#include <gtest/gtest.h>

#include "gpu/pipeline/chain_shape.hpp"
#include "gpu/pipeline/cuda_fusion.hpp"
#include "gpu/pipeline/stage_registry.hpp"

namespace {

using namespace kc;

// Removes the test's fusion (and puts back none of the real ones: a CPU build has none; a CUDA build's
// gray+conv+hist is removed for the test's length and registered again after).
class PlanCudaChain : public testing::Test {
 protected:
  void SetUp() override {
    saved_ = cudaFusionRegistry().all();
    for (const CudaFusion& fusion : saved_) cudaFusionRegistry().remove(fusion.name);
    // gray followed by flip: fused when the frame is RGBA (gray is not a no-op there).
    cudaFusionRegistry().add({"test gray+flip",
                              [](const FilterChain& chain, std::size_t first, FrameShape shape) -> std::size_t {
                                const bool fits = first + 1 < chain.size() && chain[first].id() == "gray" &&
                                                  chain[first + 1].id() == "flip" && shape.format == PixelFormat::Rgba8;
                                return fits ? 2 : 0;
                              },
                              [](const FilterChain&, std::size_t, std::size_t, const CudaStageIo&) { return true; }});
  }
  void TearDown() override {
    cudaFusionRegistry().remove("test gray+flip");
    for (const CudaFusion& fusion : saved_) cudaFusionRegistry().add(fusion);
  }
  std::vector<CudaFusion> saved_;
};

TEST_F(PlanCudaChain, AMatchingRunBecomesOneStepWithItsLabelShapesAndBytes) {
  const FilterChain chain = parseFilterChain("transpose,gray=lab,flip=h,hist=16");
  const FrameShape in{64, 32, PixelFormat::Rgba8};
  const std::vector<CudaChainStep> steps = planCudaChain(chain, in, true);
  ASSERT_EQ(steps.size(), 3u);
  EXPECT_EQ(steps[0].label, "transpose");
  EXPECT_EQ(steps[0].fusion, nullptr);
  EXPECT_EQ(steps[0].out, (FrameShape{32, 64, PixelFormat::Rgba8}));
  ASSERT_NE(steps[1].fusion, nullptr);
  EXPECT_EQ(steps[1].fusion->name, "test gray+flip");
  EXPECT_EQ(steps[1].first, 1u);
  EXPECT_EQ(steps[1].count, 2u);
  EXPECT_EQ(steps[1].label, "gray lab + flip h");
  EXPECT_EQ(steps[1].in, (FrameShape{32, 64, PixelFormat::Rgba8}));
  EXPECT_EQ(steps[1].out, (FrameShape{32, 64, PixelFormat::Gray8}));
  EXPECT_TRUE(steps[1].producesImage);
  EXPECT_FALSE(steps[1].histogram);
  EXPECT_EQ(steps[1].bytes, 32.0 * 64 * 4 + 32.0 * 64);  // the RGBA in, the grey out: the middle image never moves
  EXPECT_EQ(steps[2].label, "hist 16");
  EXPECT_TRUE(steps[2].histogram);
  EXPECT_FALSE(steps[2].producesImage);
}

TEST_F(PlanCudaChain, UnfusedOrUnmatchedEveryStageIsAStep) {
  const FilterChain chain = parseFilterChain("gray=lab,flip=h,hist=16");
  const FrameShape rgba{17, 3, PixelFormat::Rgba8};
  const std::vector<CudaChainStep> unfused = planCudaChain(chain, rgba, false);
  ASSERT_EQ(unfused.size(), 3u);
  for (std::size_t i = 0; i < unfused.size(); ++i) {
    EXPECT_EQ(unfused[i].fusion, nullptr);
    EXPECT_EQ(unfused[i].first, i);
    EXPECT_EQ(unfused[i].count, 1u);
    EXPECT_EQ(unfused[i].label, stageLabels(chain)[i]);
    EXPECT_EQ(unfused[i].bytes, stageBytes(chain[i], unfused[i].in));
  }
  // A grey frame: gray is a no-op there, so it is not fused (nor run).
  const std::vector<CudaChainStep> grey = planCudaChain(chain, {17, 3, PixelFormat::Gray8}, true);
  ASSERT_EQ(grey.size(), 3u);
  EXPECT_TRUE(grey[0].noOp);
  EXPECT_EQ(grey[1].fusion, nullptr);
  // The fusion's pair at the chain's end is matched there too; a lone gray is not.
  EXPECT_EQ(planCudaChain(parseFilterChain("hist=4,gray,flip=v"), rgba, true).size(), 2u);
  EXPECT_EQ(planCudaChain(parseFilterChain("flip=v,gray"), rgba, true).size(), 2u);
}

}  // namespace
