// Must-fail: `kernelcam bench` options it cannot take: one clear line and exit 2. The runs it makes
// are in tests/app/cli/cli_bench_test.cpp.
#include <gtest/gtest.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <filesystem>

#include "app/backend/pipeline_factory.hpp"
#include "tests/support/cli_run.hpp"
#include "gpu/pipeline/stage_registry.hpp"

namespace {

using kc::test::CliRun;
using kc::test::runKernelcam;

TEST(CliBench, BadUsageIsOneClearLine) {
  const struct {
    QStringList arguments;
    const char* says;
  } cases[] = {{{"bench", "--frobnicate"}, "frobnicate"},
               {{"bench", "--reps", "0"}, "--reps"},
               {{"bench", "--size", "640"}, "--size"},
               {{"bench", "--size", "20000x10"}, "--size: at most 16384x16384, got '20000x10'"},
               {{"bench", "--warmup", "x"}, "--warmup: expected a positive integer, got 'x'"},
               {{"bench", "--only", ","}, "--only: empty list"},
               {{"bench", "--reps"}, "reps"},
               {{"bench", "stray"}, "stray"}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.arguments.join(' ').toStdString());
    const CliRun run = runKernelcam(c.arguments);
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.out.empty()) << run.out;
    EXPECT_EQ(run.err.rfind("kernelcam: bench: ", 0), 0u) << run.err;
    EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << "one line: " << run.err;
    EXPECT_NE(run.err.find(c.says), std::string::npos) << run.err;
  }
}

}  // namespace
