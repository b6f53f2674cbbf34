// Must-fail: --soak with a source other than the pattern: one line and exit 2. The soak runs are in
// tests/app/cli/cli_soak_test.cpp.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <regex>
#include <sstream>
#include <vector>

#include "app/cli/soak_run.hpp"
#include "tests/support/cli_run.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"

namespace {

using kc::test::runKernelcam;

TEST(CliSoak, NeedsThePatternSource) {
  const auto run = runKernelcam({"process", "--source", "image:/nonexistent.png", "--soak"});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("--soak needs --source pattern"), std::string::npos) << run.err;
}

}  // namespace
