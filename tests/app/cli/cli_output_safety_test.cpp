// Output files (issue 15 item 4, issue 12 item 8): `process --out` never leaves a partial or empty
// image, an output never destroys an input, a failed write is exit 1 with no file left, `--json -`
// is stdout, and every JSON document has a schema and snake_case keys.
#include <gtest/gtest.h>

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <filesystem>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <set>
#include <unistd.h>

#include "tests/support/cli_run.hpp"
#include "tests/support/test_data.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/app/cli/output_checks.hpp"

namespace fs = std::filesystem;

namespace {

using namespace kc::test;

// A colour result in a format without alpha (JPEG, PPM, BMP) is written as its colour: alpha only
// passes through the chain. PNG keeps it.
TEST(CliOutputSafety, ColourOutputWorksInFormatsWithoutAlpha) {
  kc::test::TempDir dir;
  for (const char* extension : {".png", ".jpg", ".ppm", ".bmp"}) {
    const std::string out = dir.file(std::string("colour") + extension);
    const auto run = runKernelcam({"process", "--source", "pattern", "--size", "40x24", "--filters", "conv=sharpen:3",
                                   "--backend", "cpu", "--out", q(out)});
    ASSERT_EQ(run.exitCode, 0) << extension << ": " << run.err;
    const cv::Mat written = cv::imread(out, cv::IMREAD_UNCHANGED);
    ASSERT_FALSE(written.empty()) << out;
    EXPECT_EQ(written.cols, 40);
    EXPECT_EQ(written.rows, 24);
    EXPECT_EQ(written.channels(), std::string(extension) == ".png" ? 4 : 3) << extension;
  }
}

TEST(CliOutputSafety, NoFixedTemporaryNameIsUsed) {
  // A user's own file named like a fixed temporary must survive a run writing beside it.
  kc::test::TempDir dir;
  const std::string out = dir.file("result.png");
  kc::test::writeBytes(out + ".partial", "the user's own file");
  const auto run =
      runKernelcam({"process", "--source", "pattern", "--size", "16x8", "--backend", "cpu", "--out", q(out)});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(contentOf(out + ".partial"), "the user's own file");
  EXPECT_EQ(filesIn(dir), (std::set<std::string>{"result.png", "result.png.partial"}));
}

QJsonObject parseJson(const std::string& text) {
  QJsonParseError error{};
  const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text), &error);
  EXPECT_EQ(error.error, QJsonParseError::NoError) << error.errorString().toStdString() << "\n" << text;
  return doc.object();
}

// snake_case: lower-case letters, digits and underscores, in every object of the document.
void expectSnakeCaseKeys(const QJsonObject& object, const std::string& where) {
  for (auto it = object.begin(); it != object.end(); ++it) {
    for (QChar c : it.key()) EXPECT_FALSE(c.isUpper()) << where << ": key " << it.key().toStdString();
    if (it.value().isObject()) expectSnakeCaseKeys(it.value().toObject(), where);
    if (it.value().isArray())
      for (const auto& element : it.value().toArray())
        if (element.isObject()) expectSnakeCaseKeys(element.toObject(), where);
  }
}

TEST(CliOutputSafety, JsonDashIsStdoutAndEveryDocumentHasASchema) {
  kc::test::TempDir dir;
  const QString cwd = q(dir.path().string());
  auto runIn = [&](const QStringList& arguments) {
    const kc::test::CliRun run = kc::test::runProgram(QStringLiteral(KC_KERNELCAM_BINARY), arguments, 120000, cwd);
    EXPECT_EQ(run.exitCode, 0) << run.err;
    return std::make_pair(run.out, run.err);
  };
  const auto [processOut, processErr] =
      runIn({"process", "--source", "pattern", "--size", "16x8", "--backend", "cpu", "--json", "-"});
  QJsonObject report = parseJson(processOut);
  EXPECT_EQ(report["schema"].toString(), "kernelcam-process/3");
  EXPECT_EQ(report["frames"].toInt(), 1);
  expectSnakeCaseKeys(report, "process");
  const auto [reduceOut, reduceErr] =
      runIn({"demo", "reduce", "--n", "100", "--reps", "1", "--backend", "cpu", "--json", "-"});
  report = parseJson(reduceOut);
  EXPECT_EQ(report["schema"].toString(), "kernelcam-demo/2");
  EXPECT_EQ(report["demo"].toString(), "reduce");
  expectSnakeCaseKeys(report, "reduce");
  EXPECT_NE(reduceErr.find("reduce demo on "), std::string::npos) << "the table goes to stderr: " << reduceErr;
  const auto [cgOut, cgErr] = runIn({"demo", "cg", "--poisson", "4", "--backend", "cpu", "--json", "-"});
  report = parseJson(cgOut);
  EXPECT_EQ(report["schema"].toString(), "kernelcam-demo/2");
  expectSnakeCaseKeys(report, "cg");
  EXPECT_TRUE(QDir(cwd).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).isEmpty()) << "no file named '-'";
}

}  // namespace
