// `kernelcam bench` as a user runs it: --help answers, bad options are one clear line, and on a
// machine without a CUDA device it runs the CPU rows (every registered stage: the CPU backend
// against the bare OpenCV call, the reference loop for scale).
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

TEST(CliBench, HelpAnswers) {
  const CliRun run = runKernelcam({"bench", "--help"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_NE(run.out.find("Usage: kernelcam bench [options]"), std::string::npos) << run.out;
  for (const char* word : {"--size", "--reps", "--warmup", "--only", "--json", "--md", "--matrices", "--images"})
    EXPECT_NE(run.out.find(word), std::string::npos) << word;
  for (const std::string& id : kc::stageRegistry().ids()) EXPECT_NE(run.out.find(id), std::string::npos) << id;
}

TEST(CliBench, CpuRowsWithoutACudaDevice) {
  if (kc::cudaBackendAvailable()) GTEST_SKIP() << "a CUDA device is present: the bench runs the GPU rows here";
  const std::string json = kc::test::tempPath("bench.json");
  std::filesystem::remove(json);
  // --size takes an X in either case, as process does.
  const CliRun run = runKernelcam(
      {"bench", "--size", "67X33", "--reps", "3", "--warmup", "1", "--json", QString::fromStdString(json)});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_NE(run.err.find("CPU rows"), std::string::npos) << run.err;
  EXPECT_NE(run.out.find("| gray bt601 RGBA 67x33 |"), std::string::npos) << run.out;

  QFile file(QString::fromStdString(json));
  ASSERT_TRUE(file.open(QIODevice::ReadOnly));
  const QJsonObject report = QJsonDocument::fromJson(file.readAll()).object();
  EXPECT_NE(report["method"].toString().indexOf("steady-clock"), -1);
  const QJsonArray rows = report["rows"].toArray();
  // Every registered stage's bench cases, on grey and RGBA (grey is a no-op on a grey image).
  for (const kc::StageDefinition* definition : kc::stageRegistry().all()) {
    int found = 0;
    for (const auto& value : rows) {
      const QJsonObject row = value.toObject();
      if (row["group"].toString().toStdString() != definition->id) continue;
      ++found;
      SCOPED_TRACE(row["name"].toString().toStdString());
      EXPECT_GT(row["ms"].toDouble(), 0);
      EXPECT_GT(row["reference_ms"].toDouble(), 0);
      EXPECT_TRUE(row["baseline_name"].toString().startsWith("cv::")) << "no bare OpenCV call";
      EXPECT_GT(row["baseline_ms"].toDouble(), 0);
    }
    EXPECT_GE(found, static_cast<int>(definition->benchCases.size())) << definition->id;
  }
}

TEST(CliBench, OnlyKeepsTheNamedStage) {
  if (kc::cudaBackendAvailable()) GTEST_SKIP() << "a CUDA device is present: the bench runs the GPU rows here";
  const CliRun run = runKernelcam({"bench", "--size", "16x9", "--reps", "1", "--warmup", "1", "--only", "transpose"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_NE(run.out.find("| transpose gray 16x9 |"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("| transpose RGBA 16x9 |"), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("| conv"), std::string::npos) << run.out;
}

}  // namespace
