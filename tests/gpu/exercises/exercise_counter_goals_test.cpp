// The new exercises' counter goals read the profile as their statements say: the transpose's tile
// without bank conflicts (and a kernel without a tile has not met it), the histogram's global
// atomics per block and per pixel (not measured where the GPU lacks the counters). Fed with made-up
// per-line figures: the GPU tests (exercise_solutions_gpu_test.cpp) measure the real ones.
#include <gtest/gtest.h>

#include "gpu/exercises/exercise_registry.hpp"

namespace {

using namespace kc::exercises;
using kc::lab::LineFigures;

const CounterGoal& goalOf(const std::string& exercise, const std::string& id) {
  const ExerciseDefinition* e = exerciseRegistry().find(exercise);
  if (!e) throw std::runtime_error("no exercise " + exercise);
  for (const CounterGoal& g : e->counterGoals)
    if (g.id == id) return g;
  throw std::runtime_error("no goal " + id);
}

LineFigures line(std::uint32_t number) {
  LineFigures figures;
  figures.file = "mine.cu";
  figures.line = number;
  figures.instructions = 100;
  return figures;
}

struct Measure {
  std::vector<LineFigures> lines;
  ExerciseCase timed;
  std::uint64_t blocks = 1, threads = 256;
  std::vector<std::string> missing;
  CounterVerdict operator()(const CounterGoal& goal) const {
    return goal.measure({lines, lines, timed, blocks, threads, missing, "kernel text"});
  }
};

TEST(ExerciseCounterGoals, TheTransposeTileIsReadWithoutBankConflicts) {
  const CounterGoal& goal = goalOf("transpose", "conflict-free-tile");
  Measure measure;
  LineFigures write = line(12), read = line(14);
  write.sharedRequests = read.sharedRequests = 1000;
  write.sharedWavefronts = write.sharedWavefrontsIdeal = 1000;
  read.sharedWavefronts = 1000;
  read.sharedWavefrontsIdeal = 1000;
  measure.lines = {write, read};
  CounterVerdict verdict = measure(goal);
  EXPECT_TRUE(verdict.measured);
  EXPECT_TRUE(verdict.met) << verdict.figure;
  EXPECT_EQ(verdict.figure,
            "shared memory takes 1.00x the fewest wavefronts (1.0 per request, ideal 1.0; goal: at most 1.10x)");

  measure.lines[1].sharedWavefronts = 32000;  // tile[32][32] read down a column: one bank, 32 wavefronts
  verdict = measure(goal);
  EXPECT_FALSE(verdict.met);
  EXPECT_EQ(verdict.figure,
            "shared memory takes 16.50x the fewest wavefronts (16.5 per request, ideal 1.0; goal: at most 1.10x)");
  EXPECT_EQ(verdict.line, 14);
}

TEST(ExerciseCounterGoals, ATransposeWithoutASharedTileHasNotMetTheTilesGoal) {
  const CounterGoal& goal = goalOf("transpose", "conflict-free-tile");
  Measure measure;
  LineFigures copy = line(11);
  copy.globalRequests = 1000;
  copy.globalSectors = 20000;  // the strided writes
  copy.globalSectorsIdeal = 5000;
  measure.lines = {line(9), copy};
  const CounterVerdict verdict = measure(goal);
  EXPECT_TRUE(verdict.measured);
  EXPECT_FALSE(verdict.met);
  EXPECT_NE(verdict.figure.find("no shared tile"), std::string::npos) << verdict.figure;
  EXPECT_EQ(verdict.line, 11);
}

TEST(ExerciseCounterGoals, TheHistogramCountsGlobalAtomicsPerBlockAndPerPixel) {
  const CounterGoal& goal = goalOf("histogram", "few-global-atomics");
  Measure measure;
  measure.timed.arguments = {valueArgument("n", 8294400)};
  LineFigures merge = line(17);
  measure.blocks = 507;
  merge.globalAtomics = 8 * 507;  // one warp instruction per 32 bins, 256 bins per block
  measure.lines = {line(15), merge};
  CounterVerdict verdict = measure(goal);
  EXPECT_TRUE(verdict.measured);
  EXPECT_TRUE(verdict.met) << verdict.figure;
  EXPECT_EQ(verdict.figure,
            "about 256 global atomics per block, 0.0156 per pixel (the warp-level count x 32; goal: at most 256 per "
            "block and 1 per 16 pixels)");

  // The shared histogram with a block per 256 pixels: 256 per block, but one per pixel.
  measure.blocks = 32400;
  measure.lines[1].globalAtomics = 8 * 32400;
  verdict = measure(goal);
  EXPECT_FALSE(verdict.met) << verdict.figure;
  EXPECT_EQ(verdict.line, 17);

  // The naive version: an atomic per pixel, from its one line.
  measure.lines[1].globalAtomics = 8294400 / 32;
  verdict = measure(goal);
  EXPECT_FALSE(verdict.met);
}

TEST(ExerciseCounterGoals, TheHistogramsGoalIsNotMeasuredWithoutTheAtomicCounters) {
  const CounterGoal& goal = goalOf("histogram", "few-global-atomics");
  Measure measure;
  measure.timed.arguments = {valueArgument("n", 1000)};
  measure.lines = {line(15)};
  measure.missing = {"smsp__sass_inst_executed_op_global_red"};
  const CounterVerdict verdict = measure(goal);
  EXPECT_FALSE(verdict.measured);
  EXPECT_NE(verdict.figure.find("smsp__sass_inst_executed_op_global_red"), std::string::npos) << verdict.figure;
}

}  // namespace
