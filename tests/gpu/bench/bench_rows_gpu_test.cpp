// The rows the bench writes itself for the records (gpu/bench/NAME_rows.cu) are found by
// registration, with no list in the bench: the stages and demo groups that have rows of their own
// get them, the others their benchCases. No device needed: only the registrations are looked at,
// which the CUDA library holds (hence gpu_tests).
#include <gtest/gtest.h>

#include <map>

#include "gpu/bench/bench_rows.hpp"

namespace {

using namespace kc::bench;

TEST(BenchRows, EachRecordsOwnRowsAreRegisteredUnderItsGroup) {
  std::map<std::string, bool> own;
  for (const RecordRows& stage : stageRows()) own[stage.group] = stage.rows != nullptr;
  for (const char* id : {"gray", "hist", "conv", "transpose"}) EXPECT_TRUE(own[id]) << id;
  EXPECT_FALSE(own["flip"]) << "flip is timed by its benchCases";
  std::vector<std::string> demos;
  for (const RecordRows& demo : demoRows()) {
    demos.push_back(demo.group);
    EXPECT_NE(demo.rows, nullptr) << demo.group;
  }
  EXPECT_EQ(demos, (std::vector<std::string>{"reduce", "gemm", "cg"}));
}

}  // namespace
