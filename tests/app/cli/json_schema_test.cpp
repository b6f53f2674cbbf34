// The JSON documents of `process`, `demo` and `bench` (app/cli/json_schema.hpp) as one family: the
// same "device" for the same machine, one key per figure, null for a figure not measured (issue 39:
// "AMD EPYC", "AMD EPYC (CPU backend)" and "CPU" for one CPU; backend_cpu_ms beside cpu_backend_ms).
#include <gtest/gtest.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <filesystem>

#include "gpu/core/cpu_name.hpp"
#include "tests/support/cli_run.hpp"

namespace {

using kc::test::CliRun;
using kc::test::runKernelcam;

QJsonObject runForJson(QStringList arguments, const char* name) {
  const std::string json = kc::test::tempPath(name);
  std::filesystem::remove(json);
  arguments << "--backend"
            << "cpu"
            << "--json" << QString::fromStdString(json);
  const CliRun run = runKernelcam(arguments);
  EXPECT_EQ(run.exitCode, 0) << run.err;
  QFile file(QString::fromStdString(json));
  EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << json;
  return QJsonDocument::fromJson(file.readAll()).object();
}

TEST(JsonReports, OneDeviceNameAcrossProcessDemoAndBench) {
  const QJsonObject process =
      runForJson({"process", "--source", "pattern", "--size", "64x48", "--frames", "1", "--filters", "gray"}, "p.json");
  const QJsonObject demo = runForJson({"demo", "reduce", "--n", "1000", "--reps", "1"}, "d.json");
  const QJsonObject bench =
      runForJson({"bench", "--size", "16x9", "--reps", "1", "--warmup", "1", "--only", "transpose"}, "b.json");
  const QString cpu = QString::fromStdString(kc::cpuModelName());
  ASSERT_FALSE(cpu.isEmpty());
  const std::pair<const char*, QJsonObject> reports[] = {{"process", process}, {"demo", demo}, {"bench", bench}};
  for (const auto& [command, report] : reports) {
    SCOPED_TRACE(command);
    EXPECT_EQ(report["device"].toString(), cpu) << "the CPU's own name, the backend in a field of its own";
  }
  EXPECT_EQ(process["backend"].toString(), "cpu");
  EXPECT_EQ(demo["backend"].toString(), "cpu");
}

// The CPU bench rows: the CPU backend's time under the name a GPU report gives it (cpu_backend_ms),
// the CPU time of all threads under names of their own, and no key that is another's anagram.
TEST(JsonReports, BenchRowsNameEachFigureOnce) {
  const QJsonObject bench =
      runForJson({"bench", "--size", "16x9", "--reps", "1", "--warmup", "1", "--only", "transpose"}, "b2.json");
  const QJsonArray rows = bench["rows"].toArray();
  ASSERT_FALSE(rows.isEmpty());
  for (const auto& value : rows) {
    const QJsonObject row = value.toObject();
    SCOPED_TRACE(row["name"].toString().toStdString());
    EXPECT_FALSE(row.contains("backend_cpu_ms")) << "cpu_backend_ms is the CPU backend's time";
    EXPECT_FALSE(row.contains("baseline_cpu_ms"));
    EXPECT_DOUBLE_EQ(row["cpu_backend_ms"].toDouble(), row["ms"].toDouble());
    EXPECT_DOUBLE_EQ(row["cpu_baseline_ms"].toDouble(), row["baseline_ms"].toDouble());
    EXPECT_EQ(row["cpu_baseline_name"].toString(), row["baseline_name"].toString());
    EXPECT_GT(row["backend_cpu_time_ms"].toDouble(), 0);
    EXPECT_GT(row["baseline_cpu_time_ms"].toDouble(), 0);
    // Not measured on the CPU: no GPU graph, no device copy, no flops.
    for (const char* key : {"graph_ms", "copy_ms", "percent_of_copy", "flops", "gflop_per_s"})
      EXPECT_TRUE(row[key].isNull()) << key << " is " << row[key].toVariant().toString().toStdString();
  }
  EXPECT_TRUE(bench["roofline_gbs"].isNull());
}

}  // namespace
