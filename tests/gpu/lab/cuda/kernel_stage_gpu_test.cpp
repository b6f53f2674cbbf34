// kernel=PATH in the CUDA frame pipeline. Without a GPU: every built-in starting point
// (resources/lab/*.cu) compiles as `kernelcam kernel check` compiles it. With a GPU (skips
// without one): the lab's grey.cu in a chain equals the built-in gray=lab bit for bit (and
// flip.cu equals flip=h), its row is the kernel's own measured time; a user stage that faults or
// hangs is blanked and reported on that frame while the stages around it run, the next frame
// without it is right, and the lab runs a good kernel again afterwards.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "tests/support/test_data.hpp"
#include "tests/support/gpu_test_support.hpp"
#include "gpu/lab/cuda/nvrtc_compiler.hpp"
#include "gpu/lab/kernel_program.hpp"
#include "gpu/lab/kernel_template.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"
#include "gpu/pipeline/stage_registry.hpp"
#include "tests/support/lab_test_files.hpp"
#include "tests/gpu/lab/cuda/kernel_stage_runs.hpp"

namespace {

using namespace kc::test;

using kc::HostFrame;
using kc::PixelFormat;

const kc::StageTiming* timingOf(const kc::FrameStats& stats, const std::string& name) {
  for (const auto& stage : stats.stages)
    if (stage.name == name) return &stage;
  return nullptr;
}

TEST(LabKernels, EveryBuiltInStartingPointCompiles) {
  for (const char* name : {"grey.cu", "grey_strided.cu", "convolution.cu", "histogram.cu", "transpose.cu",
                           "transpose_unpadded.cu", "flip.cu"}) {
    SCOPED_TRACE(name);
    const auto kernel = kc::lab::compileKernel(kc::lab::readKernelSource(labResource(name)));
    std::string diagnostics;
    for (const auto& d : kernel.diagnostics) diagnostics += kc::lab::formatDiagnostic(d) + "\n";
    EXPECT_TRUE(kernel.ok()) << diagnostics;
    EXPECT_TRUE(diagnostics.empty()) << diagnostics;  // not even a warning
    EXPECT_EQ(kernel.resources.spillStoreBytes, 0);
  }
}

// grey.cu and the lesson's strided version (the same arithmetic, another memory pattern) alike.
class LabGrey : public testing::TestWithParam<const char*> {};
INSTANTIATE_TEST_SUITE_P(KernelStageGpu, LabGrey, testing::Values("grey.cu", "grey_strided.cu"));

TEST_P(LabGrey, EqualsTheBuiltInGrayBitForBit) {
  KC_REQUIRE_CUDA_DEVICE();
  ASSERT_NE(kc::stageRegistry().cudaLaunch("kernel"), nullptr);
  const std::string file = GetParam();
  const std::string label = file == "grey.cu" ? "kernel grey" : "kernel grey_strided";
  auto builtIn = kc::makeCudaPipeline();
  auto lab = kc::makeCudaPipeline();
  builtIn->setChain(kc::parseFilterChain("gray=lab,hist=256"));
  lab->setChain(kc::parseFilterChain("kernel=" + labResource(file) + ",hist=256"));
  std::uint32_t seed = 1;
  for (const auto& size : kc::test::awkwardSizesWith4K()) {
    SCOPED_TRACE(testing::Message() << size.width << "x" << size.height);
    const HostFrame frame = randomFrame(size.width, size.height, seed++);
    const kc::FrameResult expected = builtIn->process(frame);
    const kc::FrameResult actual = lab->process(frame);
    ASSERT_TRUE(actual.stats.failures.empty()) << actual.stats.failures[0].message;
    ASSERT_EQ(actual.output.format, PixelFormat::Gray8);
    EXPECT_TRUE(samePixels(actual.output, expected.output));
    EXPECT_EQ(actual.stats.histogram, expected.stats.histogram);
    const kc::StageTiming* row = timingOf(actual.stats, label);
    ASSERT_NE(row, nullptr);
    EXPECT_GT(row->ms, 0.0);  // the kernel's own events, in the lab's worker
    EXPECT_FALSE(row->isCopy);
  }
  // A grey input passes through unchanged, as the built-in's no-op does.
  lab->setChain(kc::parseFilterChain("gray=lab,kernel=" + labResource(file)));
  builtIn->setChain(kc::parseFilterChain("gray=lab"));
  const HostFrame frame = randomFrame(33, 31, 99);
  EXPECT_TRUE(samePixels(lab->process(frame).output, builtIn->process(frame).output));
}

TEST(KernelStageGpu, LabFlipEqualsTheBuiltInFlipBitForBit) {
  KC_REQUIRE_CUDA_DEVICE();
  auto builtIn = kc::makeCudaPipeline();
  auto lab = kc::makeCudaPipeline();
  for (const auto& [axis, flip] : {std::pair{"0", "h"}, {"1", "v"}, {"2", "hv"}}) {
    for (const char* before : {"", "gray=lab,"}) {  // RGBA and grey frames
      SCOPED_TRACE(std::string(before) + "flip=" + flip);
      builtIn->setChain(kc::parseFilterChain(std::string(before) + "flip=" + flip));
      lab->setChain(kc::parseFilterChain(std::string(before) + "kernel=" + labResource("flip.cu") + ":axis=" + axis));
      for (const auto& size : kc::test::awkwardSizes()) {
        const HostFrame frame = randomFrame(size.width, size.height, 5);
        EXPECT_TRUE(samePixels(lab->process(frame).output, builtIn->process(frame).output))
            << size.width << "x" << size.height;
      }
    }
  }
}

// `@output gray` says what a kernel writes, not what it reads: at the head of a chain the kernel
// gets the frame it declares (StageDefinition::headInput: the frame, in RGBA), never a camera's
// Y plane, which only the gray stage asks for. Where the decision is made is tested without a GPU
// (tests/gpu/stages/kernel_stage_test.cpp); this is the CUDA upload and entry conversion following it.
TEST(KernelStageGpu, AGreyOutputKernelAtTheHeadGetsACameraFrameInRgba) {
  KC_REQUIRE_CUDA_DEVICE();
  const std::string path = kc::test::writeLabFile(
      "head_channels.cu",
      kc::test::labKernel("// @output gray\n", "  out.setGray(x, y, in.channels == 4 ? 200 : 50);"));
  auto pipeline = kc::makeCudaPipeline();
  const int w = 64, h = 48;
  HostFrame frame = pipeline->framePool()->acquire(PixelFormat::Nv12, w, h, {});  // limited range
  frame.yuv.planes[0].fillBytes(120);
  frame.yuv.planes[1].fillBytes(90);
  auto everyPixelIs = [](const HostFrame& image, int value) {
    for (int y = 0; y < image.height(); ++y)
      for (int x = 0; x < image.width(); ++x)
        if (image.gray.view().at(x, y) != value) return false;
    return true;
  };

  pipeline->setChain(kc::parseFilterChain("kernel=" + path));
  const kc::FrameResult head = pipeline->process(frame);
  ASSERT_TRUE(head.stats.failures.empty()) << head.stats.failures[0].message;
  ASSERT_EQ(head.output.format, PixelFormat::Gray8);
  EXPECT_TRUE(everyPixelIs(head.output, 200)) << "the kernel saw a grey input, not the RGBA frame";
  EXPECT_NE(timingOf(head.stats, "convert nv12"), nullptr);
  EXPECT_EQ(timingOf(head.stats, "luma nv12"), nullptr);
  ASSERT_NE(timingOf(head.stats, "upload"), nullptr);
  EXPECT_EQ(timingOf(head.stats, "upload")->bytes, w * h * 3 / 2.0);  // both planes

  // Behind the gray stage, which asks for the Y plane, the kernel reads grey: what gray hands on.
  pipeline->setChain(kc::parseFilterChain("gray=lab,kernel=" + path));
  const kc::FrameResult behind = pipeline->process(frame);
  ASSERT_TRUE(behind.stats.failures.empty()) << behind.stats.failures[0].message;
  EXPECT_TRUE(everyPixelIs(behind.output, 50));
  EXPECT_NE(timingOf(behind.stats, "luma nv12"), nullptr);
  EXPECT_EQ(timingOf(behind.stats, "upload")->bytes, static_cast<double>(w * h));  // the Y plane alone
}

// The window's path from a keystroke to the first frame that ran the new kernel, without the
// window: NVRTC on the edited text at once (the editor has no fixed wait any more), the program
// published and the stage rebuilt on it, the next frame through the CUDA pipeline. The window adds
// the wait for the source's next frame and the presentation (LabEditToFrame measures it there).
TEST(KernelStageGpu, FromTheLastEditToTheFirstFrameWithinHalfASecond) {
  KC_REQUIRE_CUDA_DEVICE();
  using Clock = std::chrono::steady_clock;
  const std::string path = kc::test::writeLabFile("edit.cu", kc::lab::kernelTemplate());
  auto pipeline = kc::makeCudaPipeline();
  pipeline->setChain(kc::parseFilterChain("kernel=" + path));
  HostFrame frame = randomFrame(1920, 1080, 3);
  ASSERT_TRUE(pipeline->process(frame).stats.failures.empty());  // a running window: the lab's worker runs
  std::string text = kc::lab::kernelTemplate();
  const std::size_t level = text.find("= 6");
  ASSERT_NE(level, std::string::npos);
  for (int edit = 0; edit < 5; ++edit) {
    text[level + 2] = static_cast<char>('2' + edit);  // the default number of levels, as a student would change it
    const auto edited = Clock::now();
    const auto compileStart = Clock::now();
    auto program = kc::lab::makeKernelProgram({path, text});
    program->compiled = std::make_shared<kc::lab::CompiledKernel>(kc::lab::compileKernel(program->source));
    ASSERT_TRUE(program->compiled->ok());
    program->editedAt = edited;
    const double compileMs = std::chrono::duration<double, std::milli>(Clock::now() - compileStart).count();
    kc::lab::publishKernelProgram(program);
    pipeline->setChain(kc::parseFilterChain("kernel=" + path));
    frame.index = 100 + edit;
    const kc::FrameResult result = pipeline->process(frame);
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - edited).count();
    ASSERT_TRUE(result.stats.failures.empty()) << result.stats.failures[0].message;
    EXPECT_EQ(program->firstFrame.load(), frame.index);
    std::printf("edit %d: last edit -> first frame %.0f ms (compile %.0f, NVRTC %.0f)\n", edit, ms, compileMs,
                program->compiled->compileMs);
    RecordProperty("edit_to_frame_ms_" + std::to_string(edit), std::to_string(ms));
    if (edit > 0) {  // the first warms NVRTC up
      EXPECT_LE(ms, 150.0) << "no fixed wait: the compile and one frame";
    }
  }
  kc::lab::withdrawKernelProgram(path);
}

}  // namespace
