// The backend seam proven without CUDA (docs/ARCHITECTURE.md, "How to add a backend"): a test
// backend (tests/support/test_backend.hpp) handed to the run session through the entry a backend
// library exports. The session decides it, admits and opens a pattern source, and the backend's
// pipeline runs a gray chain, frame for frame equal to the CPU backend's; the lab's concerns
// (compiler, runner, devices) come from the same module.
#include <gtest/gtest.h>

#include <cstring>

#include "app/exercises/exercise_machine.hpp"
#include "app/session/run_session.hpp"
#include "tests/support/test_backend.hpp"

namespace kc {
namespace {

SessionOptions withBackend(const BackendModule* module, Backend requested = Backend::Auto) {
  SessionOptions options;
  options.backend = requested;
  options.module = module;
  return options;
}

int differingRows(const HostFrame& a, const HostFrame& b) {
  if (a.format != b.format || a.width() != b.width() || a.height() != b.height()) return -1;
  const std::size_t rowBytes = static_cast<std::size_t>(a.width()) * bytesPerPixel(a.format);
  int differing = 0;
  for (int y = 0; y < a.height(); ++y)
    differing += std::memcmp(a.bytes() + y * a.pitch(), b.bytes() + y * b.pitch(), rowBytes) != 0;
  return differing;
}

TEST(TestBackend, RegistersThroughTheEntryAndRunsAGrayChainThroughTheSession) {
  const BackendModule* backend = test::testBackendEntry(kBackendAbi);
  ASSERT_NE(backend, nullptr);
  EXPECT_EQ(test::testBackendEntry(kBackendAbi + 1), nullptr) << "another kernelcam's ABI is refused";

  RunSession session(withBackend(backend));
  EXPECT_EQ(session.backend(), Backend::Cuda) << "auto takes the accelerator where it has a device";
  EXPECT_TRUE(session.note().empty());
  EXPECT_EQ(session.bench(), nullptr) << "a backend without a bench of its own: the CPU rows only";

  std::unique_ptr<FramePipeline> pipeline = session.newPipeline();
  ASSERT_NE(pipeline, nullptr);
  EXPECT_EQ(pipeline->deviceName(), test::kTestDeviceName);
  const FilterChain chain = parseFilterChain("gray");
  pipeline->setChain(chain);
  SourceOptions sourceOptions;
  sourceOptions.patternWidth = 64;
  sourceOptions.patternHeight = 48;
  std::unique_ptr<FrameSource> source = session.openSource(parseSourceSpec("pattern"), sourceOptions, *pipeline);
  ASSERT_EQ(source->width(), 64);

  std::unique_ptr<FramePipeline> cpu = makeCpuPipeline();
  cpu->setChain(chain);
  const int before = test::testBackendPipelines().frames;
  for (int i = 0; i < 3; ++i) {
    const HostFrame frame = source->next();
    const FrameResult mine = pipeline->process(frame), reference = cpu->process(frame);
    EXPECT_EQ(mine.output.format, PixelFormat::Gray8);
    EXPECT_EQ(differingRows(mine.output, reference.output), 0) << "frame " << i;
  }
  EXPECT_EQ(test::testBackendPipelines().frames - before, 3) << "the frames ran on the test backend";
}

TEST(TestBackend, WithoutADeviceTheSessionTakesTheCpuOrRefusesAsForCuda) {
  const BackendModule* backend = test::deviceLessTestBackendEntry(kBackendAbi);
  RunSession automatic(withBackend(backend));
  EXPECT_EQ(automatic.backend(), Backend::Cpu);
  EXPECT_EQ(automatic.note(), "no usable CUDA device on this machine: using the CPU");
  EXPECT_EQ(automatic.newPipeline()->backend(), Backend::Cpu);

  RunSession window({Backend::Cuda, IfNoCuda::UseCpu, {}, backend});
  EXPECT_EQ(window.backend(), Backend::Cpu);
  const std::optional<BackendFallback> fallback = window.takeFallback();
  ASSERT_TRUE(fallback);
  EXPECT_EQ(fallback->reason, "no usable CUDA device on this machine");

  try {
    RunSession(withBackend(backend, Backend::Cuda)).newPipeline();
    FAIL() << "--backend cuda without a device";
  } catch (const NoCudaError& e) {
    EXPECT_STREQ(e.what(), "--backend cuda: no usable CUDA device on this machine");
  }
}

// `exercise check`, `grade` and the Exercises panel take the kernel lab's concerns from the session:
// a backend without a compiler is that backend's answer, even where the CUDA library would load.
TEST(TestBackend, TheSessionHandsOutTheLabConcernsOfItsBackend) {
  const BackendModule* backend = test::testBackendEntry(kBackendAbi);
  const RunSession session(withBackend(backend));
  EXPECT_EQ(session.devices(), backend->devices);
  EXPECT_EQ(session.kernelCompiler(), nullptr) << "the test backend has no kernel lab";
  EXPECT_EQ(session.kernelRunner(), nullptr);
  EXPECT_EQ(session.acceleratorMissing(), "");
  ExerciseMachine machine(session);
  EXPECT_FALSE(machine.canCompile());
  EXPECT_NE(machine.whyNoCompiler().find("this backend has no kernel compiler"), std::string::npos)
      << machine.whyNoCompiler();
  EXPECT_FALSE(machine.hasDevice());
}

}  // namespace
}  // namespace kc
