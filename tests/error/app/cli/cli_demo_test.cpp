// Must-fail: `kernelcam demo` on what it cannot run (a matrix that is not positive definite, bad
// usage, an unreadable matrix, --backend cuda without a device): one line naming the reason and the
// exit code (1, 2 or 3). The demos' runs are in tests/app/cli/cli_demo_test.cpp.
#include <gtest/gtest.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "app/backend/pipeline_factory.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/test_data.hpp"
#include "gpu/demos/cg/csr_matrix.hpp"
#include "tests/app/cli/demo_runs.hpp"

namespace {

using namespace kc::test;

TEST(CliDemo, CgOnAMatrixThatIsNotPositiveDefiniteExitsWithOne) {
  const std::string matrix = kc::test::fixture("matrices/not_spd_3x3.mtx").string();
  const std::string json = cliTempPath("cg_not_spd.json");
  const CliRun run = runKernelcam({"demo", "cg", "--matrix", QString::fromStdString(matrix), "--backend", "cpu",
                                   "--json", QString::fromStdString(json)});
  EXPECT_EQ(run.exitCode, 1) << run.err;
  EXPECT_NE(run.out.find("not positive definite"), std::string::npos) << run.out;  // in the table
  EXPECT_NE(run.err.find("not positive definite"), std::string::npos) << run.err;
  // The report is still written: it is the evidence of what went wrong.
  const QJsonObject report = readJson(json);
  EXPECT_FALSE(report["all_converged"].toBool());
  EXPECT_NE(report["rows"].toArray()[0].toObject()["status"].toString().indexOf("not positive definite"), -1);
}

TEST(CliDemo, BadUsageAndUnreadableInputExitWithTwo) {
  const std::string missing = cliTempPath("does_not_exist.mtx");
  const std::string malformed = cliTempPath("malformed.mtx");
  std::ofstream(malformed) << "%%MatrixMarket matrix coordinate real symmetric\n3 3 2\n1 1 4\n9 9 1\n";
  const QString cpu = QStringLiteral("cpu");
  struct Case {
    QStringList arguments;
    std::string mention;
  };
  const Case cases[] = {
      {{"demo"}, "reduce, matmul or cg"},
      {{"demo", "sort"}, "unknown demo 'sort'"},
      {{"demo", "reduce", "--bogus"}, "bogus"},
      {{"demo", "reduce", "extra"}, "'extra'"},
      {{"demo", "reduce", "--op", "avg", "--backend", cpu}, "--op: unknown reduction 'avg'"},
      {{"demo", "reduce", "--type", "double", "--backend", cpu}, "--type: unknown element type 'double'"},
      {{"demo", "reduce", "--n", "0", "--backend", cpu}, "--n '0'"},
      {{"demo", "reduce", "--n", "-5", "--backend", cpu}, "--n '-5'"},
      {{"demo", "reduce", "--n", "many", "--backend", cpu}, "--n 'many'"},
      {{"demo", "reduce", "--reps", "0", "--backend", cpu}, "--reps '0'"},
      {{"demo", "reduce", "--op", "mat3min", "--type", "float", "--backend", cpu}, "--type float: mat3min"},
      {{"demo", "reduce", "--backend", "gpu"}, "--backend 'gpu'"},
      {{"demo", "matmul", "--m", "0", "--backend", cpu}, "--m '0'"},
      {{"demo", "matmul", "--n", "-3", "--backend", cpu}, "--n '-3'"},
      {{"demo", "matmul", "--k", "x", "--backend", cpu}, "--k 'x'"},
      {{"demo", "matmul", "--type", "half", "--backend", cpu}, "--type: unknown element type 'half'"},
      {{"demo", "cg", "--backend", cpu}, "--matrix PATH.mtx or --poisson N"},
      {{"demo", "cg", "--poisson", "4", "--matrix", QString::fromStdString(malformed), "--backend", cpu}, "not both"},
      {{"demo", "cg", "--poisson", "0", "--backend", cpu}, "--poisson '0'"},
      {{"demo", "cg", "--matrix", QString::fromStdString(missing), "--backend", cpu}, missing},
      {{"demo", "cg", "--matrix", QString::fromStdString(malformed), "--backend", cpu}, malformed + ":4"},
      {{"demo", "cg", "--poisson", "4", "--precision", "half", "--backend", cpu},
       "--precision: unknown precision 'half'"},
      {{"demo", "cg", "--poisson", "4", "--precond", "ilu", "--backend", cpu},
       "--precond: unknown preconditioner 'ilu'"},
      {{"demo", "cg", "--poisson", "4", "--tol", "-1", "--backend", cpu}, "--tol: '-1'"},
      {{"demo", "cg", "--poisson", "4", "--tol", "small", "--backend", cpu}, "--tol: 'small'"},
      {{"demo", "cg", "--poisson", "4", "--max-iter", "0", "--backend", cpu}, "--max-iter '0'"},
      {{"demo", "cg", "--poisson", "4", "--reps", "3", "--backend", cpu}, "reps"},  // CG has no repetitions
      {{"demo", "reduce", "--n", "10", "--backend", cpu, "--json", "/nonexistent-dir/r.json"},
       "/nonexistent-dir/r.json"},
      {{"demo", "cg", "--poisson", "4", "--backend", cpu, "--solution", "/nonexistent-dir/x.txt"},
       "/nonexistent-dir/x.txt"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.arguments.join(' ').toStdString());
    const CliRun run = runKernelcam(c.arguments);
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_NE(run.err.find(c.mention), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << "one line on stderr: " << run.err;
    EXPECT_TRUE(run.out.empty()) << run.out;
  }
}

TEST(CliDemo, CudaBackendWithoutDeviceExitsWithThree) {
  const QStringList demos[] = {
      {"demo", "reduce", "--n", "1000", "--reps", "1", "--backend", "cuda"},
      {"demo", "matmul", "--m", "8", "--n", "8", "--k", "8", "--reps", "1", "--backend", "cuda"},
      {"demo", "cg", "--poisson", "4", "--backend", "cuda"}};
  for (const QStringList& arguments : demos) {
    SCOPED_TRACE(arguments.join(' ').toStdString());
    const CliRun run = runKernelcam(arguments);
    kc::test::expectCudaBackendOutcome(run, kc::cudaBackendAvailable());
  }
}

}  // namespace
