// The proof that an exercise is one record, on the student's side: a throw-away exercise registered
// in this test binary (tests/support/fake_buffer_device.hpp's add-one), with no other change
// anywhere, is listed by `kernelcam exercise list` in the course's order, and its statement,
// starting code and hints are there for `show`, `start` and `hint` (as tests/app/demos/
// squares_demo_test.cpp is for a demo, and the posterize stage of tests/gpu/pipeline/
// stage_registry_test.cpp for a stage).
#include <gtest/gtest.h>

#include <QDir>
#include <QFile>

#include "app/cli/commands.hpp"
#include "gpu/exercises/exercise_registry.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/fake_buffer_device.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/temp_dir.hpp"

namespace kc {
namespace {

// `kernelcam exercise ARGS` in this process (where the throw-away exercise is registered).
test::CliRun exerciseCommand(const QStringList& arguments) {
  return test::runInProcess(cli::runExercise, QStringList{QStringLiteral("kernelcam exercise")} + arguments);
}

class AddOneExercise : public testing::Test {
 protected:
  void SetUp() override {
    test::testApplication();  // the progress file's place comes from the application's name
    qputenv("XDG_DATA_HOME", QByteArray::fromStdString(dir_.file("data")));  // the progress file
    exercises::exerciseRegistry().add(test::addOneExercise());
  }
  void TearDown() override { exercises::exerciseRegistry().remove("add-one"); }
  test::TempDir dir_;
};

TEST_F(AddOneExercise, IsListedLastInTheCoursesOrder) {
  const test::CliRun list = exerciseCommand({"list"});
  ASSERT_EQ(list.exitCode, 0) << list.err;
  const std::size_t ours = list.out.find("add-one ");
  ASSERT_NE(ours, std::string::npos) << list.out;
  for (const std::string& id : exercises::exerciseRegistry().ids())
    if (id != "add-one") EXPECT_LT(list.out.find(id + " "), ours) << id << " (order 999 is last)";
  EXPECT_NE(list.out.find("Add one", ours), std::string::npos) << list.out;
}

TEST_F(AddOneExercise, ItsStatementStartingCodeAndHintsAreThere) {
  const test::CliRun show = exerciseCommand({"show", "add-one"});
  ASSERT_EQ(show.exitCode, 0) << show.err;
  EXPECT_EQ(show.out.rfind("# Add one\n", 0), 0u) << show.out;
  EXPECT_NE(show.out.find("Signature:"), std::string::npos) << show.out;

  const QString folder = QString::fromStdString(dir_.path().string());
  const test::CliRun start = exerciseCommand({"start", "add-one", folder});
  ASSERT_EQ(start.exitCode, 0) << start.err;
  QFile written(QDir(folder).filePath(QStringLiteral("add_one.cu")));
  ASSERT_TRUE(written.open(QIODevice::ReadOnly)) << start.out;
  EXPECT_TRUE(written.readAll().startsWith("// @exercise add-one\n"));

  const test::CliRun hint = exerciseCommand({"hint", "add-one", "2"});
  ASSERT_EQ(hint.exitCode, 0) << hint.err;
  EXPECT_EQ(hint.out.rfind("Hint 2 of 3 (add-one): two\n", 0), 0u) << hint.out;
}

}  // namespace
}  // namespace kc
