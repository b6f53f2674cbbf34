// `kernelcam demo` end to end on the CPU backend (what CI without a GPU sees): the built binary,
// its table, its JSON, the solution file and every exit code. Sizes are small: each run is a
// fraction of a second.
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
#include "gpu/core/cpu_name.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/test_data.hpp"
#include "gpu/demos/cg/csr_matrix.hpp"
#include "tests/app/cli/demo_runs.hpp"

namespace {

using namespace kc::test;

// reduce / matmul JSON: every row that ran is correct, and the run is labelled as the CPU's.
void expectAllRowsCorrect(const QJsonObject& report, int minRows) {
  EXPECT_EQ(report["backend"].toString(), "cpu");
  EXPECT_EQ(report["device"].toString().toStdString(), kc::cpuModelName())
      << "the CPU's name, as process and bench give it";
  EXPECT_FALSE(report["verification"].toString().isEmpty());
  EXPECT_TRUE(report["all_correct"].toBool());
  const QJsonArray rows = report["rows"].toArray();
  ASSERT_GE(rows.size(), minRows);
  for (const auto& value : rows) {
    const QJsonObject row = value.toObject();
    SCOPED_TRACE(row["version"].toString().toStdString());
    for (const char* key : {"version", "kind", "ms", "throughput", "speedup_vs_first_gpu", "speedup_vs_cpu",
                            "speedup_vs_library", "correct", "skipped", "note"})
      EXPECT_TRUE(row.contains(QLatin1String(key))) << key;
    EXPECT_TRUE(row["correct"].toBool());
    EXPECT_GT(row["ms"].toDouble(), 0.0);
  }
}

TEST(CliDemo, ReduceEveryOpOnCpuIsCorrect) {
  const std::string json = cliTempPath("reduce.json");
  for (const char* op : {"sum", "min", "max", "argmax", "mat3min"}) {
    for (const char* type : {"int", "float"}) {
      if (std::string(op) == "mat3min" && std::string(type) == "float") continue;  // int only (usage error below)
      SCOPED_TRACE(std::string(op) + " " + type);
      const CliRun run = runKernelcam({"demo", "reduce", "--op", op, "--type", type, "--n", "1001", "--reps", "2",
                                       "--backend", "cpu", "--json", QString::fromStdString(json)});
      ASSERT_EQ(run.exitCode, 0) << run.err;
      EXPECT_NE(run.out.find("reduce demo on " + kc::cpuModelName() + " (backend cpu)"), std::string::npos) << run.out;
      EXPECT_NE(run.out.find("Verification: "), std::string::npos) << run.out;
      expectAllRowsCorrect(readJson(json), 1);
    }
  }
}

TEST(CliDemo, MatmulIntAndFloatAtAnAwkwardSize) {
  const std::string json = cliTempPath("matmul.json");
  for (const char* type : {"int", "float"}) {
    SCOPED_TRACE(type);
    const CliRun run = runKernelcam({"demo", "matmul", "--m", "17", "--n", "33", "--k", "65", "--type", type, "--reps",
                                     "2", "--backend", "cpu", "--json", QString::fromStdString(json)});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("GFLOP/s"), std::string::npos) << run.out;
    const QJsonObject report = readJson(json);
    expectAllRowsCorrect(report, 2);  // the reference loop and the transposed-B loop
    EXPECT_NE(report["problem"].toString().indexOf("17x65"), -1) << report["problem"].toString().toStdString();
  }
}

TEST(CliDemo, CgPoissonConvergesOnCpu) {
  const std::string json = cliTempPath("cg_poisson.json");
  const CliRun run = runKernelcam(
      {"demo", "cg", "--poisson", "16", "--tol", "1e-8", "--backend", "cpu", "--json", QString::fromStdString(json)});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_NE(run.out.find("converged"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("poisson2D n=16"), std::string::npos) << run.out;
  const QJsonObject report = readJson(json);
  EXPECT_EQ(report["n"].toInt(), 256);
  EXPECT_EQ(report["tolerance"].toDouble(), 1e-8);
  const QJsonArray rows = report["rows"].toArray();
  ASSERT_EQ(rows.size(), 1);
  const QJsonObject row = rows[0].toObject();
  EXPECT_EQ(row["status"].toString(), "converged");
  EXPECT_GT(row["iterations"].toInteger(), 0);
  EXPECT_LE(row["final_relative_residual"].toDouble(), 1e-8);
  // The history: [iteration, ||r|| / ||r0||] pairs from [0, 1] to the last iteration.
  const QJsonArray history = row["history"].toArray();
  ASSERT_GE(history.size(), 2);
  EXPECT_EQ(history.first().toArray()[0].toInteger(), 0);
  EXPECT_DOUBLE_EQ(history.first().toArray()[1].toDouble(), 1.0);
  EXPECT_EQ(history.last().toArray()[0].toInteger(), row["iterations"].toInteger());
  EXPECT_LE(history.last().toArray()[1].toDouble(), 1e-8);
}

TEST(CliDemo, CgNos2InDoubleConverges) {
  const auto nos2 = kc::test::projectData("matrices/nos2.mtx.gz");
  ASSERT_TRUE(std::filesystem::exists(nos2)) << nos2 << " (data/matrices is part of the repository)";
  const std::string json = cliTempPath("cg_nos2.json");
  const CliRun run = runKernelcam({"demo", "cg", "--matrix", QString::fromStdString(nos2.string()), "--precision",
                                   "double", "--backend", "cpu", "--json", QString::fromStdString(json)});
  ASSERT_EQ(run.exitCode, 0) << run.err << run.out;
  const QJsonObject report = readJson(json);
  EXPECT_EQ(report["problem"].toString(), "nos2.mtx");
  const QJsonObject row = report["rows"].toArray()[0].toObject();
  EXPECT_EQ(row["status"].toString(), "converged");
  EXPECT_GT(row["iterations"].toInteger(), 0);
  EXPECT_LE(row["final_relative_residual"].toDouble(), report["tolerance"].toDouble());
  EXPECT_LE(row["history"].toArray().size(), 1000);
}

// The --help example, from any folder: a bare name is one of kernelcam's matrices (data/matrices
// from the build, share/kernelcam/matrices installed), stored compressed.
TEST(CliDemo, TheHelpExampleFindsItsMatrixByItsBareName) {
  const kc::test::TempDir elsewhere;
  const CliRun run =
      kc::test::runProgram(QStringLiteral(KC_KERNELCAM_BINARY),
                           {"demo", "cg", "--matrix", "nos2.mtx", "--precond", "jacobi", "--backend", "cpu"}, 120000,
                           QString::fromStdString(elsewhere.path().string()));
  ASSERT_EQ(run.exitCode, 0) << run.err << run.out;
  EXPECT_NE(run.out.find("cg demo on "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(": nos2.mtx, 957 rows"), std::string::npos) << run.out;
  const CliRun missing = kc::test::runProgram(QStringLiteral(KC_KERNELCAM_BINARY),
                                              {"demo", "cg", "--matrix", "nos3.mtx", "--backend", "cpu"}, 120000,
                                              QString::fromStdString(elsewhere.path().string()));
  EXPECT_EQ(missing.exitCode, 2);
  EXPECT_NE(missing.err.find("nos3.mtx"), std::string::npos) << missing.err;
  EXPECT_NE(missing.err.find("no such file"), std::string::npos) << missing.err;
}

TEST(CliDemo, CgSolutionFileHoldsXOnePerLine) {
  const std::string path = cliTempPath("x.txt");
  const CliRun run = runKernelcam({"demo", "cg", "--poisson", "8", "--precond", "jacobi", "--tol", "1e-10", "--backend",
                                   "cpu", "--solution", QString::fromStdString(path)});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  std::ifstream in(path);
  std::vector<double> x;
  for (std::string line; std::getline(in, line);) {
    char* end = nullptr;
    x.push_back(std::strtod(line.c_str(), &end));
    EXPECT_TRUE(!line.empty() && *end == '\0') << "not a number: '" << line << "'";
  }
  ASSERT_EQ(x.size(), 64u);
  // The numbers are the solution: A x = ones to the tolerance.
  EXPECT_LE(kc::cg::relativeResidual(kc::cg::poisson2D(8), x, std::vector<double>(64, 1.0)), 1e-9);
}

TEST(CliDemo, WithoutBackendItSaysWhichOneOnStderr) {
  const CliRun run = runKernelcam({"demo", "reduce", "--n", "100", "--reps", "1"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const std::string chosen = kc::cudaBackendAvailable() ? "using cuda" : "using cpu";
  EXPECT_NE(run.err.find(chosen), std::string::npos) << run.err;
}

TEST(CliDemo, HelpListsEveryDemoAndOption) {
  const CliRun all = runKernelcam({"demo", "--help"});
  EXPECT_EQ(all.exitCode, 0) << all.err;
  for (const char* word : {"demo reduce", "demo matmul", "demo cg",   "--op",      "--n",         "--type",    "--reps",
                           "--m",         "--k",         "--matrix",  "--poisson", "--precision", "--precond", "--tol",
                           "--max-iter",  "--solution",  "--backend", "--json",    "mat3min",     "jacobi"})
    EXPECT_NE(all.out.find(word), std::string::npos) << word;
  const CliRun reduce = runKernelcam({"demo", "reduce", "--help"});
  EXPECT_EQ(reduce.exitCode, 0) << reduce.err;
  for (const char* word : {"Usage: kernelcam demo reduce", "--op", "--n", "--type", "--reps", "--backend", "--json"})
    EXPECT_NE(reduce.out.find(word), std::string::npos) << word;
}

}  // namespace
