// What a student reads from a kernel's per-line figures (gpu/lab/line_figures.hpp): the share of
// instructions, sectors and wavefronts per request against the ideal, and the verdicts
// "uncoalesced" and "bank conflicts" only where the line earns them.
#include <gtest/gtest.h>

#include "gpu/lab/line_figures.hpp"

namespace {

using kc::lab::LineFigures;

TEST(LineFigures, ASharedColumnReadWith32WayConflictsSaysSo) {
  // 1000 warp instructions in all; this line: 100 of them, 4 shared loads taking 128 wavefronts (ideal 4).
  const LineFigures line{"t.cu", 14, 100, 0, 0, 0, 4, 128, 4};
  EXPECT_DOUBLE_EQ(kc::lab::wavefrontsPerRequest(line), 32.0);
  EXPECT_DOUBLE_EQ(kc::lab::idealWavefrontsPerRequest(line), 1.0);
  EXPECT_DOUBLE_EQ(kc::lab::memoryExcess(line), 32.0);
  EXPECT_EQ(kc::lab::describeLine(line, 1000),
            "10.0% of instructions; shared 32.0 wavefronts/request (ideal 1.0): 32.0x, bank conflicts");
}

TEST(LineFigures, AnUncoalescedReadAndAnIdealOne) {
  const LineFigures strided{"g.cu", 9, 50, 10, 320, 40, 0, 0, 0};  // 32 sectors where 4 would do
  EXPECT_EQ(kc::lab::describeLine(strided, 200),
            "25.0% of instructions; global 32.0 sectors/request (ideal 4.0): 8.0x the sectors, uncoalesced");
  const LineFigures coalesced{"g.cu", 9, 50, 10, 40, 40, 0, 0, 0};
  EXPECT_EQ(kc::lab::describeLine(coalesced, 200), "25.0% of instructions; global 4.0 sectors/request (ideal 4.0)");
  EXPECT_DOUBLE_EQ(kc::lab::memoryExcess(coalesced), 1.0);
}

// The whole launch, as a per-kernel profiler counts it: every field summed over every line (the
// prelude's and headers' too), nothing attributed to a file or line.
TEST(LineFigures, TheWholeKernelSumsEveryLine) {
  const std::vector<LineFigures> lines{{"t.cu", 14, 100, 0, 0, 0, 4, 128, 4},
                                       {"g.cu", 9, 50, 10, 320, 40, 0, 0, 0},
                                       {"<kernelcam-lab>", 3, 7, 2, 8, 8, 1, 1, 1}};
  const LineFigures whole = kc::lab::wholeKernel(lines);
  EXPECT_EQ(whole, (LineFigures{"", 0, 157, 12, 328, 48, 5, 129, 5}));
  EXPECT_EQ(whole.instructions, kc::lab::totalInstructions(lines));
  EXPECT_EQ(kc::lab::wholeKernel({}), LineFigures{});
}

TEST(LineFigures, ALineWithoutMemoryAccessIsJustItsShare) {
  const LineFigures arithmetic{"a.cu", 3, 1, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(kc::lab::describeLine(arithmetic, 3), "33.3% of instructions");
  EXPECT_DOUBLE_EQ(kc::lab::sectorsPerRequest(arithmetic), 0.0);
  EXPECT_EQ(kc::lab::describeLine(arithmetic, 0), "0.0% of instructions");  // no total: no division by zero
}

TEST(LineFigures, OnlyTheKernelFilesOwnLinesInLineOrder) {
  const std::vector<LineFigures> all{{"k.cu", 20, 5, 0, 0, 0, 0, 0, 0},
                                     {"kc_lab_prelude.cuh", 4, 9, 0, 0, 0, 0, 0, 0},
                                     {"k.cu", 7, 3, 0, 0, 0, 0, 0, 0},
                                     {"k.cu", 0, 2, 0, 0, 0, 0, 0, 0}};  // no line: left out
  const std::vector<LineFigures> mine = kc::lab::linesOfFile(all, "k.cu");
  ASSERT_EQ(mine.size(), 2u);
  EXPECT_EQ(mine[0].line, 7u);
  EXPECT_EQ(mine[1].line, 20u);
  EXPECT_EQ(kc::lab::totalInstructions(all), 19u);
  // The line information may name a relative path with its folder, or the other way round.
  EXPECT_EQ(kc::lab::linesOfFile({{"/home/s/lab/k.cu", 3, 1, 0, 0, 0, 0, 0, 0}}, "lab/k.cu").size(), 1u);
  EXPECT_EQ(kc::lab::linesOfFile({{"lab/k.cu", 3, 1, 0, 0, 0, 0, 0, 0}}, "/home/s/lab/k.cu").size(), 1u);
  EXPECT_TRUE(kc::lab::linesOfFile({{"/home/s/lab/xk.cu", 3, 1, 0, 0, 0, 0, 0, 0}}, "k.cu").empty());
}

}  // namespace

#include "gpu/lab/program_source.hpp"

namespace {

// The accessor each prelude line belongs to: a profile names it for the user's frame reads and writes.
TEST(LineFigures, PreludeLinesNameTheAccessorAKernelCalls) {
  // Line 1 is the comment, KcInput's row() on 8 and rgba() on 9-13 (program_source.cpp's text).
  EXPECT_EQ(kc::lab::preludeAccessorAt(1), "");
  EXPECT_EQ(kc::lab::preludeAccessorAt(8), "in.row()");
  EXPECT_EQ(kc::lab::preludeAccessorAt(10), "in.rgba()");
  EXPECT_EQ(kc::lab::preludeAccessorAt(23), "out.setRgba()");
  EXPECT_EQ(kc::lab::preludeAccessorAt(27), "out.setGray()");
}

}  // namespace
