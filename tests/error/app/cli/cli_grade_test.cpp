// `kernelcam grade` given what it cannot use, and stopped mid-run: one line and exit 2 for bad
// usage, an output that is a submission, parts that cannot be merged; SIGTERM keeps the results so
// far in a complete file and leaves no temporary behind.
#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <thread>

#include "app/exercises/grade_results.hpp"
#include "gpu/plugin/cuda_backend_loader.hpp"
#include "tests/app/cli/grade_class.hpp"

namespace {

using namespace kc::test;

TEST(CliGradeRejects, BadUsageIsOneLine) {
  TempDir home;
  writeBytes(home.file("a.cu"), "// @exercise reduce-sum\n");
  const QString a = QString::fromStdString(home.file("a.cu")), out = QString::fromStdString(home.file("r.csv"));
  CliRun run = runGrade(home, {"reduce-summ", a, "--out", out});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.err, "kernelcam: grade: no exercise 'reduce-summ' (did you mean 'reduce-sum'?)\n");
  run = runGrade(home, {"reduce-sum", a});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("grade: usage: kernelcam grade EXERCISE SUBMISSIONS... --out results.csv"), std::string::npos);
  run = runGrade(home, {"reduce-sum", a, "--out", out, "--shard", "3/2"});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.err, "kernelcam: grade: --shard '3/2': I/N with 1 <= I <= N, e.g. 3/8\n");
  run = runGrade(home, {"reduce-sum", a, "--out", out, "--jobs", "0"});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.err, "kernelcam: grade: --jobs '0': a whole number from 1 to 1024\n");
  run = runGrade(home, {"reduce-sum", a, "--out", out, "--gpus", "7"});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("grade: --gpus '7': this machine has "), std::string::npos) << run.err;
  // The results may not overwrite a submission.
  run = runGrade(home, {"reduce-sum", a, "--out", a});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("--out"), std::string::npos) << run.err;
  EXPECT_EQ(readAll(home.file("a.cu")), "// @exercise reduce-sum\n");
}

TEST(CliGradeRejects, PartsThatCannotBeMerged) {
  TempDir home;
  const std::string header = "student,submission,status\r\n";
  writeBytes(home.file("p1.csv"), header + "alice,a.cu,wrong\r\n");
  writeBytes(home.file("p2.csv"), header + "alice,b.cu,wrong\r\n");
  writeBytes(home.file("other.csv"), "name,score\r\nalice,3\r\n");
  const auto file = [&home](const char* name) { return QString::fromStdString(home.file(name)); };
  CliRun run = runGrade(home, {"merge", file("p1.csv"), file("p2.csv"), "--out", file("m.csv")});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.err, "kernelcam: grade merge: 'alice' is in two parts (" + home.file("p1.csv") + " and " +
                         home.file("p2.csv") + ")\n");
  run = runGrade(home, {"merge", file("p1.csv"), file("other.csv"), "--out", file("m.csv")});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.err, "kernelcam: grade merge: " + home.file("other.csv") + ": not a kernelcam grade result\n");
  EXPECT_FALSE(std::filesystem::exists(home.file("m.csv")));
}

TEST(CliGradeRejects, ATermSignalKeepsTheResultsSoFarInACompleteFile) {
  if (!kHaveNvrtc) GTEST_SKIP() << "a build without CUDA: nothing compiles, the run is over at once";
  TempDir home;
  const std::string solution = fixtureKernel(exerciseFixtures("reduce-sum") / "solution.cu").text;
  std::filesystem::create_directories(home.path() / "class");
  for (int i = 0; i < 400; ++i) {
    // Each differs (a comment), so none comes from another's cache row.
    writeBytes(home.file("class/s" + std::to_string(1000 + i) + ".cu"),
               "// student " + std::to_string(i) + "\n" + solution);
  }
  QProcess process;
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("XDG_CACHE_HOME"), QString::fromStdString(home.file("cache")));
  process.setProcessEnvironment(environment);
  const QString out = QString::fromStdString(home.file("results.csv")),
                json = QString::fromStdString(home.file("results.json"));
  process.start(QStringLiteral(KC_KERNELCAM_BINARY), {"grade", "reduce-sum", QString::fromStdString(home.file("class")),
                                                      "--out", out, "--json", json, "--jobs", "1", "--again"});
  ASSERT_TRUE(process.waitForStarted());
  // Long enough for rows to be done (a GPU's lanes start first), short of the whole class.
  std::this_thread::sleep_for(
      std::chrono::seconds(kc::cudaDevices() && kc::cudaDevices()->deviceCountOrZero() > 0 ? 12 : 4));
  ASSERT_EQ(process.state(), QProcess::Running) << "the class was graded before the signal: make it larger";
  process.terminate();  // SIGTERM
  ASSERT_TRUE(process.waitForFinished(60000));
  EXPECT_EQ(process.exitStatus(), QProcess::NormalExit);
  EXPECT_EQ(process.exitCode(), 128 + 15) << process.readAllStandardError().toStdString();
  const kc::CsvTable table = kc::readCsv(readAll(out.toStdString()));
  EXPECT_GT(table.records.size(), 0u);
  EXPECT_LT(table.records.size(), 400u);
  const QJsonObject root = QJsonDocument::fromJson(QByteArray::fromStdString(readAll(json.toStdString()))).object();
  EXPECT_FALSE(root.value("complete").toBool());
  EXPECT_EQ(static_cast<std::size_t>(root.value("rows").toArray().size()), table.records.size());
  EXPECT_NE(process.readAllStandardOutput().toStdString().find("stopped: graded"), std::string::npos);
  for (const auto& entry : std::filesystem::directory_iterator(home.path()))
    EXPECT_TRUE(entry.path().filename() == "class" || entry.path().filename() == "cache" ||
                entry.path().extension() == ".csv" || entry.path().extension() == ".json")
        << "left behind: " << entry.path();
}

}  // namespace
