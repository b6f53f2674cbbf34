// Must-fail: --backend with a value no command takes: every command refuses it with the same line
// and exit 2. The backends each command takes are in tests/app/cli/cli_backend_test.cpp.
#include <gtest/gtest.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>

#include "app/backend/pipeline_factory.hpp"
#include "tests/support/cli_run.hpp"

namespace kc {
namespace {

using test::CliRun;
using test::runKernelcam;

TEST(CliBackend, EveryCommandRefusesAnUnknownBackendWithTheSameLine) {
  const QStringList commands[] = {
      {},  // the window: checked before any window opens
      {"process", "--source", "pattern", "--out", QString::fromStdString(test::tempPath("b.png"))},
      {"demo", "reduce", "--n", "10"},
      {"bench"}};
  for (QStringList arguments : commands) {
    arguments << "--backend"
              << "gpu";
    SCOPED_TRACE(arguments.join(' ').toStdString());
    const CliRun run = runKernelcam(arguments);
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_NE(run.err.find("--backend 'gpu': expected auto, cuda or cpu"), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << "one line on stderr: " << run.err;
  }
}

}  // namespace
}  // namespace kc
