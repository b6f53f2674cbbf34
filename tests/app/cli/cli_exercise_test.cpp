// `kernelcam exercise list|show|start|hint|check` as a student runs them: the list in the course's
// order with progress, the statement, the starting code written once and never over a file, hints
// one at a time, and a check that compiles without a GPU and says, in one line, that running the
// checks needs a device (exit 3).
#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "gpu/exercises/exercise_registry.hpp"
#include "tests/app/cli/exercise_cli.hpp"

namespace {

using namespace kc::test;

TEST(CliExercise, ListShowsEveryExerciseInTheCoursesOrder) {
  TempDir home;
  const CliRun run = runExercise(home, {"list"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  std::size_t at = 0;
  for (const std::string& id : kc::exercises::exerciseRegistry().ids()) {
    const std::size_t found = run.out.find(id + " ", at);
    EXPECT_NE(found, std::string::npos) << id << " in order in\n" << run.out;
    at = found == std::string::npos ? at : found;
  }
  EXPECT_NE(run.out.find("not checked yet"), std::string::npos) << run.out;

  const CliRun json = runExercise(home, {"list", "--json"});
  ASSERT_EQ(json.exitCode, 0) << json.err;
  const QJsonObject root = QJsonDocument::fromJson(QByteArray::fromStdString(json.out)).object();
  EXPECT_EQ(root.value("schema").toString(), "kernelcam-exercises/1");
  const QJsonArray list = root.value("exercises").toArray();
  ASSERT_EQ(static_cast<std::size_t>(list.size()), kc::exercises::exerciseRegistry().ids().size());
  EXPECT_EQ(list[0].toObject().value("id").toString().toStdString(), kc::exercises::exerciseRegistry().ids()[0]);
  EXPECT_TRUE(list[0].toObject().value("best_level").isNull());
  EXPECT_GE(list[0].toObject().value("hints").toInt(), 3);
}

TEST(CliExercise, ShowPrintsTheStatementAndTheSignature) {
  TempDir home;
  const CliRun run = runExercise(home, {"show", "reduce-sum"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(run.out.rfind("# Sum reduction\n", 0), 0u) << run.out;
  EXPECT_NE(run.out.find("Signature: __global__ void NAME(const int* in, int n, int* sum)"), std::string::npos);
}

TEST(CliExercise, StartWritesTheStartingCodeOnceAndNeverOverYourWork) {
  TempDir home;
  const CliRun first = runExercise(home, {"start", "reduce-sum", QString::fromStdString(home.path().string())});
  ASSERT_EQ(first.exitCode, 0) << first.err;
  const std::string path = home.file("reduce_sum.cu");
  EXPECT_EQ(readAll(path),
            kc::exercises::exerciseFile(*kc::exercises::exerciseRegistry().find("reduce-sum"), "start.cu"));
  EXPECT_NE(first.out.find("kernelcam exercise check " + path), std::string::npos) << first.out;

  writeBytes(path, "// my work\n");
  const CliRun second = runExercise(home, {"start", "reduce-sum", QString::fromStdString(home.path().string())});
  EXPECT_EQ(second.exitCode, 2);
  EXPECT_EQ(second.err, "kernelcam: exercise start: " + path +
                            " exists; not replaced (your work stays; remove or rename it to start over)\n");
  EXPECT_EQ(readAll(path), "// my work\n");
}

TEST(CliExercise, HintsComeOneAtATimeAndTheProgressRemembersThem) {
  TempDir home;
  const CliRun first = runExercise(home, {"hint", "reduce-sum"});
  ASSERT_EQ(first.exitCode, 0) << first.err;
  const auto* e = kc::exercises::exerciseRegistry().find("reduce-sum");
  EXPECT_EQ(first.out, "Hint 1 of " + std::to_string(e->hints.size()) + " (reduce-sum): " + e->hints[0] +
                           "\nAnother: kernelcam exercise hint reduce-sum 2\n");
  const CliRun third = runExercise(home, {"hint", "reduce-sum", "3"});
  ASSERT_EQ(third.exitCode, 0) << third.err;
  EXPECT_NE(third.out.find(e->hints[2]), std::string::npos);
  const QJsonObject progress =
      QJsonDocument::fromJson(
          QByteArray::fromStdString(readAll(home.file("data/kernelcam/kernelcam/exercises/progress.json"))))
          .object();
  EXPECT_EQ(progress.value("reduce-sum").toObject().value("hints_shown").toInt(), 3) << readAll(home.file("data"));
}

TEST(CliExercise, CheckCompilesWithoutAGpuAndSaysWhatItCannotRun) {
  if (!kHaveNvrtc) GTEST_SKIP() << "a build without CUDA: the check says it needs NVRTC (the must-fail test)";
  if (exerciseDeviceHere()) GTEST_SKIP() << "a CUDA device is here: the GPU tests check the exercises on it";
  TempDir home;
  ASSERT_EQ(runExercise(home, {"start", "grayscale", QString::fromStdString(home.path().string())}).exitCode, 0);
  const std::string path = home.file("grayscale.cu");
  const CliRun run = runExercise(home, {"check", QString::fromStdString(path)});
  EXPECT_EQ(run.exitCode, 3);
  // The compiler's warnings about the starting code's unused names first, then the one line.
  const std::string last =
      "kernelcam: " + path + ": compiles; running its checks needs a CUDA device (no CUDA device on this machine)\n";
  ASSERT_GE(run.err.size(), last.size()) << run.err;
  EXPECT_EQ(run.err.substr(run.err.size() - last.size()), last) << run.err;
  EXPECT_EQ(run.out, "");
}

}  // namespace
