// `kernelcam demo ...` on stderr: --quiet leaves it empty; progress is written only to a terminal
// (a pseudo-terminal from `script` here), never into a pipe or a log.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/cli_run.hpp"

namespace {

using kc::test::CliRun;
using kc::test::runKernelcam;

TEST(CliDemoProgress, QuietPrintsNothingOnStderr) {
  const std::vector<QStringList> runs = {
      {"demo", "reduce", "--n", "1000", "--reps", "1", "--quiet"},
      {"demo", "matmul", "--m", "17", "--n", "3", "--k", "5", "--reps", "1", "--quiet"},
      {"demo", "cg", "--poisson", "8", "--quiet"},
  };
  for (const QStringList& arguments : runs) {
    SCOPED_TRACE(arguments.join(' ').toStdString());
    const CliRun run = runKernelcam(arguments);  // --backend auto: it would name its choice
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.err, "");
    EXPECT_NE(run.out.find("version"), std::string::npos) << "the table still goes to stdout";
  }
  // Errors still do.
  const CliRun bad = runKernelcam({"demo", "cg", "--poisson", "0", "--quiet"});
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.err.find("--poisson"), std::string::npos) << bad.err;
}

TEST(CliDemoProgress, NoProgressIntoAPipe) {
  const CliRun run = runKernelcam({"demo", "cg", "--poisson", "60", "--tol", "1e-10", "--backend", "cpu"});
  EXPECT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(run.err.find("version 1"), std::string::npos) << run.err;
  EXPECT_EQ(run.err.find('\r'), std::string::npos) << run.err;
}

TEST(CliDemoProgress, ATerminalSeesTheIterationAndResidualOfCg) {
  if (!kc::test::canRunOnATerminal())
    GTEST_SKIP() << "script(1) (bsdutils) is not installed: no pseudo-terminal to test with";
  // Thousands of iterations on 90000 rows; the first sample of a solve is shown at once, so the
  // test does not depend on how fast this machine is.
  const QStringList cg = {"demo", "cg", "--poisson", "300", "--tol", "1e-10", "--backend", "cpu"};
  const CliRun shown = kc::test::runOnATerminal(cg);
  ASSERT_EQ(shown.exitCode, 0) << shown.out;
  EXPECT_NE(shown.out.find("kernelcam: demo cg: version 1 of 1: CPU reference"), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find(", iteration "), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("||r|| "), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("\r\033[K"), std::string::npos) << "the line is wiped before the table";

  QStringList quiet = cg;
  quiet << QStringLiteral("--quiet");
  const CliRun silent = kc::test::runOnATerminal(quiet);
  ASSERT_EQ(silent.exitCode, 0) << silent.out;
  EXPECT_EQ(silent.out.find(", iteration "), std::string::npos) << silent.out;
  EXPECT_NE(silent.out.find("converged"), std::string::npos) << silent.out;
}

}  // namespace
