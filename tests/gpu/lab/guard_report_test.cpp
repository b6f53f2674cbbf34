// Checked mode's wording: which guard bytes changed, by region, row and first column.
#include <gtest/gtest.h>

#include "gpu/lab/guard_report.hpp"

namespace {

using kc::lab::kGuardByte;

// A 17x3 gray output with a 256-byte pitch and 8 guard rows, every guard intact.
struct Guards {
  kc::lab::GuardLayout layout{17, 3, 1, 256, 8};
  kc::lab::GuardBytes bytes{std::vector<unsigned char>(8 * 256, kGuardByte),
                            std::vector<unsigned char>(8 * 256, kGuardByte),
                            std::vector<unsigned char>(3 * (256 - 17), kGuardByte)};
};

TEST(LabGuardReport, IntactGuardsSayNothing) {
  const Guards g;
  EXPECT_EQ(kc::lab::describeGuardWrites(g.layout, g.bytes), "");
}

TEST(LabGuardReport, NamesEachRegionWithRowsAndColumn) {
  Guards g;
  for (int x = 0; x < 17; ++x) g.bytes.above[7 * 256 + x] = 1;  // row -1
  g.bytes.below[1 * 256 + 0] = 0;                               // row 4 (height 3 + 1)
  g.bytes.below[1 * 256 + 1] = 0;
  for (int y = 0; y < 3; ++y) g.bytes.right[y * (256 - 17) + 2] = 7;  // x = 19 in rows 0..2
  g.bytes.right[1 * (256 - 17) + 0] = 7;                              // x = 17 in row 1
  EXPECT_EQ(kc::lab::describeGuardWrites(g.layout, g.bytes),
            "17 bytes above the output (row -1), 2 bytes below the output (row 4), "
            "4 bytes right of the rows, from x = 17 (rows 0..2)");
}

TEST(LabGuardReport, RgbaColumnsArePixels) {
  Guards g;
  g.layout.channels = 4;  // 17 RGBA pixels: 68 bytes per row
  g.bytes.right.assign(3 * (256 - 68), kGuardByte);
  g.bytes.right[2 * (256 - 68) + 8] = 0;  // byte 76 of row 2 = pixel 19
  g.bytes.above[0] = 0;                   // the farthest row: -8
  EXPECT_EQ(kc::lab::describeGuardWrites(g.layout, g.bytes),
            "1 byte above the output (row -8), 1 byte right of the rows, from x = 19 (row 2)");
}

}  // namespace
