// `kernelcam grade` on a class of synthetic submissions (tests/app/cli/grade_class.hpp): one row
// each with the right status and one line of reason, whatever the submission is (on a machine
// without a GPU the kernels that compile say they need one); two shards merged equal the whole;
// a second run takes every row from the cache.
#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <map>

#include "app/exercises/grade_results.hpp"
#include "gpu/plugin/cuda_backend_loader.hpp"
#include "tests/app/cli/grade_class.hpp"

namespace {

using namespace kc::test;

std::map<std::string, std::vector<std::string>> rowsByStudent(const std::string& csv) {
  const kc::CsvTable table = kc::readCsv(csv);
  std::map<std::string, std::vector<std::string>> rows;
  for (const auto& record : table.records) rows[record[0]] = record;
  return rows;
}

// The CSV's columns that do not depend on the run's timings (the times, and the figures and
// reasons that quote them, differ from run to run): who, what, whether it compiled and is correct.
std::string withoutTimes(const std::string& csv) {
  const kc::CsvTable table = kc::readCsv(csv);
  kc::CsvTable kept;
  std::vector<std::size_t> columns;
  for (const char* name :
       {"student", "submission", "status", "compiled", "first_diagnostic", "correct", "what_differs", "source_hash"}) {
    kept.header.push_back(name);
    columns.push_back(
        static_cast<std::size_t>(std::find(table.header.begin(), table.header.end(), name) - table.header.begin()));
  }
  for (const auto& record : table.records) {
    std::vector<std::string> fields;
    for (std::size_t c : columns) fields.push_back(record.at(c));
    kept.records.push_back(std::move(fields));
  }
  return kc::writeCsv(kept);
}

bool gpuHere() {
  kc::DeviceBackend* devices = kc::cudaDevices();
  return devices && devices->deviceCountOrZero() > 0;
}

TEST(CliGrade, EverySubmissionGetsARowWithItsStatusAndReason) {
  if (!kHaveNvrtc) GTEST_SKIP() << "a build without CUDA: nothing compiles (the must-fail test checks the message)";
  TempDir home;
  writeClass(home.path() / "class");
  const std::string out = home.file("results.csv"), json = home.file("results.json");
  const CliRun run =
      runGrade(home, QStringList{"reduce-sum", QString::fromStdString(home.file("class")), "--out",
                                 QString::fromStdString(out), "--json", QString::fromStdString(json), "--seed", "7"} +
                         gradeLimits());
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const auto rows = rowsByStudent(readAll(out));
  ASSERT_EQ(rows.size(), 14u) << readAll(out);
  const auto status = [&rows](const std::string& student) { return rows.at(student)[2]; };
  const auto reason = [&rows](const std::string& student) { return rows.at(student)[3]; };
  if (!gpuHere()) {
    for (const char* student : {"alice", "bob", "ivan smith", "\xc3\xbcrsula", "new\nline", "jack", "kate"}) {
      EXPECT_EQ(status(student), "needs-gpu") << student;
      EXPECT_EQ(reason(student), "compiles; running its checks needs a CUDA device");
    }
  } else {
    for (const char* student : {"alice", "ivan smith", "\xc3\xbcrsula", "new\nline"})
      EXPECT_EQ(status(student), "all-goals") << student << ": " << reason(student);
    EXPECT_EQ(status("bob"), "wrong") << reason("bob");
    EXPECT_NE(reason("bob").find("differ; the first, sum[0], is"), std::string::npos) << reason("bob");
    EXPECT_EQ(status("jack"), "faulted") << reason("jack");
    EXPECT_EQ(status("kate"), "timed-out") << reason("kate");
    // A hang costs its run limit (2 s) and about a second more, besides its compile.
    const std::vector<std::string> header = kc::readCsv(readAll(out)).header;
    const auto column = static_cast<std::size_t>(std::find(header.begin(), header.end(), "grade_ms") - header.begin());
    const double gradeMs = std::stod(rows.at("kate").at(column));
    EXPECT_LT(gradeMs, 2000 + 1000 + 1000) << "kate's row took " << gradeMs << " ms";
  }
  EXPECT_EQ(status("liam"), "compile-error");
  EXPECT_NE(reason("liam").find("and was stopped"), std::string::npos) << reason("liam");
  EXPECT_EQ(status("carol"), "compile-error");
  EXPECT_EQ(reason("carol").rfind(home.file("class/carol.cu") + ":4:", 0), 0u) << reason("carol");
  EXPECT_EQ(status("dave"), "not-gradable");
  EXPECT_EQ(reason("dave"), home.file("class/dave.cu") +
                                ": the file is empty (kernelcam kernel new PATH writes a template to start from)");
  EXPECT_EQ(status("erin"), "not-gradable");
  EXPECT_NE(reason("erin").find("not a text file (byte 0x02 at offset 4)"), std::string::npos) << reason("erin");
  EXPECT_EQ(status("frank"), "not-gradable");
  EXPECT_NE(reason("frank").find("too large for a kernel source"), std::string::npos) << reason("frank");
  EXPECT_EQ(status("grace"), "not-gradable");
  EXPECT_NE(reason("grace").find("is a FIFO (named pipe), not a regular file"), std::string::npos) << reason("grace");
  EXPECT_EQ(status("heidi"), "compile-error");
  EXPECT_NE(reason("heidi").find("cannot open source file \"../secret.h\": outside the kernel's folder"),
            std::string::npos)
      << reason("heidi");
  // Every reason is one line.
  for (const auto& [student, row] : rows) EXPECT_EQ(row[3].find('\n'), std::string::npos) << student;

  const QJsonObject root = QJsonDocument::fromJson(QByteArray::fromStdString(readAll(json))).object();
  EXPECT_EQ(root.value("schema").toString(), "kernelcam-grade/1");
  EXPECT_EQ(root.value("exercise").toString(), "reduce-sum");
  EXPECT_EQ(root.value("seed").toString(), "7");
  EXPECT_TRUE(root.value("complete").toBool());
  EXPECT_EQ(root.value("rows").toArray().size(), 14);
  EXPECT_NE(run.out.find("graded 14 of 14 submissions of reduce-sum"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("compile-error 3"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("not-gradable 4"), std::string::npos) << run.out;
}

TEST(CliGrade, TwoShardsMergedEqualTheWholeAndASecondRunUsesTheCache) {
  if (!kHaveNvrtc) GTEST_SKIP() << "a build without CUDA: nothing compiles";
  TempDir home;
  writeClass(home.path() / "class");
  const QString klass = QString::fromStdString(home.file("class"));
  const auto file = [&home](const char* name) { return QString::fromStdString(home.file(name)); };
  ASSERT_EQ(runGrade(home, QStringList{"reduce-sum", klass, "--out", file("whole.csv"), "--seed", "7", "--again"} +
                               gradeLimits())
                .exitCode,
            0);
  const CliRun one = runGrade(
      home, QStringList{"reduce-sum", klass, "--out", file("part1.csv"), "--seed", "7", "--shard", "1/2", "--again"} +
                gradeLimits());
  const CliRun two = runGrade(
      home, QStringList{"reduce-sum", klass, "--out", file("part2.csv"), "--seed", "7", "--shard", "2/2", "--again"} +
                gradeLimits());
  ASSERT_EQ(one.exitCode, 0) << one.err;
  ASSERT_EQ(two.exitCode, 0) << two.err;
  EXPECT_GT(rowsByStudent(readAll(home.file("part1.csv"))).size(), 0u);
  EXPECT_GT(rowsByStudent(readAll(home.file("part2.csv"))).size(), 0u);
  const CliRun merge = runGrade(home, {"merge", file("part1.csv"), file("part2.csv"), "--out", file("merged.csv")});
  ASSERT_EQ(merge.exitCode, 0) << merge.err;
  EXPECT_EQ(withoutTimes(readAll(home.file("merged.csv"))), withoutTimes(readAll(home.file("whole.csv"))));

  // Nothing changed: every gradable row from the cache.
  const CliRun again =
      runGrade(home, QStringList{"reduce-sum", klass, "--out", file("again.csv"), "--seed", "7"} + gradeLimits());
  ASSERT_EQ(again.exitCode, 0) << again.err;
  const auto whole = rowsByStudent(readAll(home.file("whole.csv")));
  const auto cached = rowsByStudent(readAll(home.file("again.csv")));
  EXPECT_EQ(cached.size(), whole.size());
  std::size_t fromCache = 0;
  for (const auto& [student, row] : whole)
    if (row[2] != "not-gradable" && row[2] != "needs-gpu") ++fromCache;
  EXPECT_NE(again.out.find(std::to_string(fromCache) + " from the cache"), std::string::npos) << again.out;
}

}  // namespace
