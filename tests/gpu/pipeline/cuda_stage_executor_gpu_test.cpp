// CudaStageExecutor's CUDA graphs (issue 21): a slot's second frame with the same chain, input
// buffer and shape captures the chain, later ones launch the graph. Frame after frame (new pixels in
// the same buffer each time) the graphs give the frames and histograms of direct launches bit for
// bit, and every timing row is measured (the graph's event-record nodes); a new chain, a new size
// or fusion switched off run directly again and are captured anew.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "gpu/core/stream.cuh"
#include "gpu/image/device_image.cuh"
#include "gpu/pipeline/cuda_stage_executor.cuh"
#include "gpu/pipeline/frame_stats.hpp"
#include "tests/support/gpu_test_support.hpp"
#include "tests/support/test_data.hpp"

namespace {

using namespace kc;

struct Ran {
  std::vector<std::uint8_t> pixels;  // tightly packed
  FrameStats stats;
};

Ran run(CudaStageExecutor& executor, CudaStageExecutor::Frame& slot, FrameTimeline& timeline,
        const CompiledChain& chain, const DeviceImage<Rgba8>& input, cudaStream_t stream) {
  timeline.clear();
  const DeviceFrame in{input.view().data, {input.width(), input.height(), PixelFormat::Rgba8}, input.pitch()};
  executor.enqueue(slot, chain, in, 0, timeline);
  KC_CUDA_CHECK(cudaStreamSynchronize(stream));
  Ran ran;
  CudaStageExecutor::settle(slot, timeline);
  ran.stats.stages = timeline.timings();
  CudaStageExecutor::report(slot, ran.stats);
  const DeviceFrame& out = slot.result();
  ran.pixels.resize(out.shape.bytes());
  KC_CUDA_CHECK(cudaMemcpy2D(ran.pixels.data(), out.shape.rowBytes(), out.data, out.pitch, out.shape.rowBytes(),
                             out.shape.height, cudaMemcpyDeviceToHost));
  return ran;
}

TEST(CudaStageExecutorGraph, ReplaysGiveTheFramesOfDirectLaunches) {
  KC_REQUIRE_CUDA_DEVICE();
  Stream stream;
  CudaStageExecutor graphs(stream), direct(stream);
  direct.setGraphs(false);
  CudaStageExecutor::Frame graphSlot, directSlot;
  FrameTimeline graphTimeline, directTimeline;
  std::uint32_t seed = 4000;
  for (const char* text :
       {"gray=lab,conv=gauss:5:clamp,hist=256,transpose", "flip=h,gray,conv=sobelx:3,hist=16", "conv=box:3,hist=32"}) {
    const auto chain = compileCudaChain(parseFilterChain(text));
    for (const auto& size : {test::Size2D{1921, 1079}, test::Size2D{17, 3}, test::Size2D{1921, 1079}}) {
      DeviceImage<Rgba8> input(size.width, size.height);
      for (int frame = 0; frame < 5; ++frame) {  // direct, captured, then launched three times
        SCOPED_TRACE(testing::Message() << text << " " << size.width << "x" << size.height << " frame " << frame);
        copyToDeviceAsync<Rgba8>(test::randomImage<Rgba8>(size.width, size.height, seed++).view(), input.view(),
                                 stream);
        const Ran a = run(graphs, graphSlot, graphTimeline, *chain, input, stream);
        const Ran b = run(direct, directSlot, directTimeline, *chain, input, stream);
        EXPECT_TRUE(a.pixels == b.pixels) << "the frames differ";
        EXPECT_EQ(a.stats.histogram, b.stats.histogram);
        EXPECT_EQ(a.stats.histogramBins, b.stats.histogramBins);
        ASSERT_EQ(a.stats.stages.size(), b.stats.stages.size());
        for (std::size_t i = 0; i < a.stats.stages.size(); ++i) {
          EXPECT_EQ(a.stats.stages[i].name, b.stats.stages[i].name);
          EXPECT_GT(a.stats.stages[i].ms, 0.0) << a.stats.stages[i].name << ": not measured";
        }
      }
    }
  }
  // Fusion switched off: the rows of the stages one by one, the same frame.
  const auto chain = compileCudaChain(defaultFilterChain());
  DeviceImage<Rgba8> input(640, 480);
  copyToDeviceAsync<Rgba8>(test::randomImage<Rgba8>(640, 480, 9).view(), input.view(), stream);
  const Ran fused = run(graphs, graphSlot, graphTimeline, *chain, input, stream);
  graphs.setFusion(false);
  Ran separate;
  for (int frame = 0; frame < 3; ++frame) separate = run(graphs, graphSlot, graphTimeline, *chain, input, stream);
  EXPECT_TRUE(fused.pixels == separate.pixels);
  EXPECT_EQ(fused.stats.histogram, separate.stats.histogram);
  EXPECT_EQ(separate.stats.stages.size(), fused.stats.stages.size() + 2) << "three rows where the fused run has one";
}

}  // namespace
