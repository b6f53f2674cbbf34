// The proof that one registry entry is enough: a stage defined here, in the test binary, with no
// other change anywhere, is parsed, formatted, labelled, listed in the help and the bench groups
// (timed by its benchCases, or by rows of its own registered beside it), and run by the CPU backend
// in any position of a chain.
#include <gtest/gtest.h>

#include "gpu/bench/bench_options.hpp"
#include "gpu/bench/bench_rows.hpp"
#include "gpu/core/error.hpp"
#include "gpu/pipeline/chain_shape.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"
#include "gpu/pipeline/stage_registry.hpp"
#include "gpu/pipeline/frame_stats.hpp"

namespace {

// "posterize=LEVELS": each byte rounded down to one of LEVELS evenly spaced values (alpha too, to
// keep the example short). A throw-away stage: it exists only in this test.
struct PosterizeConfig : kc::StageConfig {
  int levels = 4;
};

std::uint8_t posterize(std::uint8_t v, int levels) {
  const int step = 256 / levels;
  return static_cast<std::uint8_t>(v / step * step);
}

kc::StageDefinition posterizeStage() {
  kc::StageDefinition stage;
  stage.id = "posterize";
  stage.displayName = "Posterize";
  stage.help = "a test-only stage: fewer grey levels";
  stage.menuOrder = 1000;
  kc::ParamDescriptor levels;
  levels.id = "levels";
  levels.displayName = "Levels";
  levels.type = kc::ParamType::Int;
  levels.minValue = 2;
  levels.maxValue = 128;
  levels.defaultValue = "4";
  levels.help = "how many levels are left";
  stage.params = {levels};
  stage.configure = [](const kc::StageSpec& spec) {
    auto config = std::make_shared<PosterizeConfig>();
    config->levels = std::stoi(spec.value("levels"));
    return std::shared_ptr<const kc::StageConfig>(config);
  };
  stage.applyCpu = [](const kc::StageSpec& spec, const kc::CpuStageIo& io) {
    const int n = spec.configAs<PosterizeConfig>().levels;
    const std::size_t rowBytes = static_cast<std::size_t>(io.in.width()) * kc::bytesPerPixel(io.in.format);
    unsigned char* out = io.out.format == kc::PixelFormat::Gray8 ? io.out.gray.bytes() : io.out.rgba.bytes();
    for (int y = 0; y < io.in.height(); ++y)
      for (std::size_t i = 0; i < rowBytes; ++i)
        out[y * io.out.pitch() + i] = posterize(io.in.bytes()[y * io.in.pitch() + i], n);
  };
  return stage;
}

// What the bench runs for the stage `id`: its own rows, or null (its benchCases).
kc::bench::BenchRows benchRowsOfStage(const std::string& id) {
  for (const kc::bench::RecordRows& stage : kc::bench::stageRows())
    if (stage.group == id) return stage.rows;
  ADD_FAILURE() << id << " is not among the bench's stages";
  return nullptr;
}

class StageRegistryTest : public testing::Test {
 protected:
  void SetUp() override { kc::stageRegistry().add(posterizeStage()); }
  void TearDown() override { kc::stageRegistry().remove("posterize"); }
};

TEST_F(StageRegistryTest, AThrowAwayStageIsParsedFormattedLabelledAndListed) {
  const kc::FilterChain chain = kc::parseFilterChain("gray=bt601,posterize=8,posterize");
  ASSERT_EQ(chain.size(), 3u);
  EXPECT_EQ(kc::formatFilterChain(chain), "gray=bt601,posterize=8,posterize=4");
  EXPECT_EQ(kc::stageLabels(chain), (std::vector<std::string>{"gray bt601", "posterize 8", "posterize 4"}));
  EXPECT_THROW((void)kc::parseFilterChain("posterize=1"), kc::InvalidArgument);  // the descriptor's range
  EXPECT_NE(kc::filterHelpText().find("posterize=LEVELS"), std::string::npos);
  const auto groups = kc::bench::benchGroups();
  EXPECT_NE(std::find(groups.begin(), groups.end(), "posterize"), groups.end());
  // Default shape and bytes: same shape out, read once and written once.
  const kc::FrameShape in{17, 3, kc::PixelFormat::Rgba8};
  EXPECT_EQ(kc::stageOutputShape(chain[1], in), in);
  EXPECT_EQ(kc::stageBytes(chain[1], in), 2.0 * in.bytes());
}

// The bench runs a stage's own rows where some are registered for its id (gpu/bench/NAME_rows.cu
// does that), else its benchCases: no list in the bench names the stage either way.
TEST_F(StageRegistryTest, AThrowAwayStageIsBenchedByItsCasesOrByRowsRegisteredForIt) {
  EXPECT_EQ(benchRowsOfStage("posterize"), nullptr) << "no rows of its own: its benchCases";
  const kc::bench::BenchRows own = [](kc::bench::BenchContext&) {};
  kc::bench::addBenchRows("posterize", own);
  EXPECT_EQ(benchRowsOfStage("posterize"), own);
  kc::bench::removeBenchRows("posterize");
  EXPECT_EQ(benchRowsOfStage("posterize"), nullptr);
}

TEST_F(StageRegistryTest, AThrowAwayStageRunsOnTheCpuBackend) {
  auto pipeline = kc::makeCpuPipeline();
  pipeline->setChain(kc::parseFilterChain("posterize=4,hist=4"));
  kc::HostFrame frame;
  frame.format = kc::PixelFormat::Gray8;
  frame.gray = kc::HostImage<std::uint8_t>(17, 3, 20);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 17; ++x) frame.gray.at(x, y) = static_cast<std::uint8_t>(x * 15 + y);
  frame.gray.bytes()[18] = 0xEE;  // padding must not leak into the result
  const kc::FrameResult result = pipeline->process(frame);
  ASSERT_EQ(result.output.format, kc::PixelFormat::Gray8);
  ASSERT_EQ(result.output.width(), 17);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 17; ++x)
      ASSERT_EQ(result.output.gray.at(x, y), posterize(frame.gray.at(x, y), 4)) << x << "," << y;
  // Its timing row is there, labelled, and the histogram after it sees only 4 levels: one per bin.
  ASSERT_EQ(result.stats.stages.size(), 2u);
  EXPECT_EQ(result.stats.stages[0].name, "posterize 4");
  std::uint32_t total = 0;
  for (std::uint32_t c : result.stats.histogram) total += c;
  EXPECT_EQ(total, 17u * 3u);
}

TEST_F(StageRegistryTest, DuplicateOrIncompleteDefinitionsAreRefused) {
  EXPECT_THROW(kc::stageRegistry().add(posterizeStage()), kc::InvalidArgument);
  kc::StageDefinition incomplete;
  incomplete.id = "incomplete";
  EXPECT_THROW(kc::stageRegistry().add(incomplete), kc::InvalidArgument);
}

}  // namespace
